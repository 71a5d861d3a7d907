// SPDX-License-Identifier: GPL-2.0
/*
 * dma-heap-stub: the device nodes of the kernel's DMA-BUF heaps, for the system test
 * (Tests/System). Debian's amd64 kernel is built without CONFIG_DMABUF_HEAPS, while on a
 * Raspberry Pi libcamera and rpicam-apps take their frame buffers from /dev/dma_heap/linux,cma
 * (or /dev/dma_heap/vidbuf_cached). What the service's sandbox must allow is the node: its
 * character major, which the kernel registers under the name "dma_heap" (drivers/dma-buf/
 * dma-heap.c, DEVNAME), and its path under /dev/dma_heap/ (the class's devnode). This module
 * registers the same: a char region named "dma_heap", a class "dma_heap" whose nodes are
 * dma_heap/<name>, and two nodes, linux,cma (the Pi's CMA heap) and system. The nodes open and
 * close; they allocate nothing (no DMA_HEAP_IOCTL_ALLOC): the test is of the sandbox.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/slab.h>

#define STUB_NAME "dma_heap"
#define STUB_HEAPS 2

static const char *const heap_names[STUB_HEAPS] = { "linux,cma", "system" };
static dev_t stub_devt;
static struct cdev stub_cdev;
static struct class *stub_class;
static struct device *stub_devices[STUB_HEAPS];

static int stub_open(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations stub_fops = {
	.owner = THIS_MODULE,
	.open = stub_open,
	.llseek = noop_llseek,
};

/* As dma-heap.c's dma_heap_devnode: the node is /dev/dma_heap/<name>. */
static char *stub_devnode(struct device *dev, umode_t *mode)
{
	return kasprintf(GFP_KERNEL, STUB_NAME "/%s", dev_name(dev));
}

static int __init stub_init(void)
{
	int ret, i;

	ret = alloc_chrdev_region(&stub_devt, 0, STUB_HEAPS, STUB_NAME);
	if (ret)
		return ret;
	cdev_init(&stub_cdev, &stub_fops);
	ret = cdev_add(&stub_cdev, stub_devt, STUB_HEAPS);
	if (ret)
		goto unregister;
	stub_class = class_create(THIS_MODULE, STUB_NAME);
	if (IS_ERR(stub_class)) {
		ret = PTR_ERR(stub_class);
		goto del;
	}
	stub_class->devnode = stub_devnode;
	for (i = 0; i < STUB_HEAPS; i++) {
		stub_devices[i] = device_create(stub_class, NULL, MKDEV(MAJOR(stub_devt), i), NULL, "%s", heap_names[i]);
		if (IS_ERR(stub_devices[i])) {
			ret = PTR_ERR(stub_devices[i]);
			while (i--)
				device_destroy(stub_class, MKDEV(MAJOR(stub_devt), i));
			goto destroy;
		}
	}
	return 0;
destroy:
	class_destroy(stub_class);
del:
	cdev_del(&stub_cdev);
unregister:
	unregister_chrdev_region(stub_devt, STUB_HEAPS);
	return ret;
}

static void __exit stub_exit(void)
{
	int i;

	for (i = 0; i < STUB_HEAPS; i++)
		device_destroy(stub_class, MKDEV(MAJOR(stub_devt), i));
	class_destroy(stub_class);
	cdev_del(&stub_cdev);
	unregister_chrdev_region(stub_devt, STUB_HEAPS);
}

module_init(stub_init);
module_exit(stub_exit);
MODULE_DESCRIPTION("Device nodes named as the DMA-BUF heaps', for Upright's system test");
MODULE_LICENSE("GPL");
