/*
 * Upright kernel test: plain I2C messages (the I2C_RDWR ioctl) for i2c-stub.
 *
 * The stock i2c-stub only emulates SMBus, so a bus that prefers combined write-then-read
 * transfers has nothing to talk to. kernel-test.sh pastes this function into a copy of
 * drivers/i2c/i2c-stub.c (before stub_func) and registers it as the adapter's master_xfer.
 * It serves the same register file the SMBus emulation uses, the way register-mapped chips
 * such as the MPU-6050 and ADXL345 behave on the wire: the first byte of a write message sets
 * the register pointer, further bytes are stored from the pointer on; a read message returns
 * bytes from the pointer on; the pointer advances after every data byte. An address no
 * emulated chip answers to fails with -ENXIO, which is how i2c-dev reports a missing
 * acknowledge.
 *
 * The parameter `unplugged` (/sys/module/i2c_stub_rdwr/parameters/unplugged, writable) takes the
 * chips away from this path: while it is 1 every plain I2C message fails with -ENXIO, as a chip
 * pulled off the bus does not acknowledge. The SMBus path (i2cset, i2cget) still reaches the
 * registers, so the test can set them to their power-on values before it plugs the chip back.
 *
 * The parameter `gone` (writable, once) takes the whole adapter away, as unplugging a USB I2C
 * adapter or unbinding its driver does: writing 1 makes every message fail as `unplugged` does
 * and deletes the adapter (i2c_del_adapter) from a work item. Its /dev/i2c-N goes at once; the
 * deletion itself then waits until every descriptor open on the adapter is closed (i2c-dev holds
 * a reference), so a program that keeps its descriptor holds the kernel's removal up. The rig
 * patches i2c_stub_exit to leave an adapter already deleted alone.
 */
static bool upright_unplugged;
module_param_named(unplugged, upright_unplugged, bool, 0644);
MODULE_PARM_DESC(unplugged, "while 1, plain I2C messages get no acknowledge (a chip taken off the bus)");

static struct i2c_adapter stub_adapter;
static bool upright_gone;

static void upright_delete_adapter(struct work_struct *work)
{
	i2c_del_adapter(&stub_adapter);
}
static DECLARE_WORK(upright_gone_work, upright_delete_adapter);

static int upright_set_gone(const char *value, const struct kernel_param *kp)
{
	bool gone;
	int ret = kstrtobool(value, &gone);

	if (ret)
		return ret;
	if (gone && !upright_gone) {
		upright_gone = true;
		upright_unplugged = true;
		schedule_work(&upright_gone_work);
	}
	return 0;
}

static const struct kernel_param_ops upright_gone_ops = {
	.set = upright_set_gone,
	.get = param_get_bool,
};
module_param_cb(gone, &upright_gone_ops, &upright_gone, 0644);
MODULE_PARM_DESC(gone, "write 1 to delete the adapter (an adapter unplugged); once");

static struct stub_chip *upright_stub_chip_at(u16 address)
{
	int index;

	for (index = 0; index < stub_chips_nr; index++)
		if (chip_addr[index] == address)
			return &stub_chips[index];
	return NULL;
}

static int upright_stub_master_xfer(struct i2c_adapter *adapter,
				    struct i2c_msg *messages, int count)
{
	int m, k;

	if (upright_unplugged)
		return -ENXIO;
	for (m = 0; m < count; m++) {
		struct i2c_msg *message = &messages[m];
		struct stub_chip *chip = upright_stub_chip_at(message->addr);
		u16 *wordp;

		if (!chip)
			return -ENXIO;
		if (message->flags & (I2C_M_TEN | I2C_M_RECV_LEN))
			return -EOPNOTSUPP;
		for (k = 0; k < message->len; k++) {
			if (message->flags & I2C_M_RD) {
				wordp = stub_get_wordp(chip, chip->pointer++);
				message->buf[k] = *wordp & 0xff;
			} else if (k == 0) {
				chip->pointer = message->buf[0];
			} else {
				wordp = stub_get_wordp(chip, chip->pointer++);
				*wordp = (*wordp & 0xff00) | message->buf[k];
			}
		}
	}
	return count;
}

