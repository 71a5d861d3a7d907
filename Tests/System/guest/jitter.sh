#!/usr/bin/perl
# A measuring ADXL345 on i2c-stub (which holds still registers), as one process (a shell loop of
# i2cset and i2cget is too slow under TCG: the firmware's stuck-data monitor, 64 identical
# samples, 0.64 s at 100 Hz, took the chip for frozen). Every 0.1 s DATAZ0 (0x36) alternates
# between 0xC0 and 0xC1 (the poses the test writes all have z at -64 LSB), and FIFO_STATUS
# (0x39) holds one entry while POWER_CTL (0x2D) has its measure bit (0x08) set. Plain I2C
# messages through i2c-dev (i2c-stub-rdwr answers them): a write sets the register pointer.
use strict;
use warnings;
use Fcntl;

my $rdwr;
for (my $tries = 0; !defined $rdwr && $tries < 6000; $tries++) {
    if (open(my $env, '<', '/run/sysrig.env')) {
        while (<$env>) { $rdwr = $1 if /^RDWR=(\d+)$/; }
        close($env);
    }
    select(undef, undef, undef, 0.1) unless defined $rdwr;
}
defined $rdwr or die "jitter: no RDWR in /run/sysrig.env\n";
sysopen(my $bus, "/dev/i2c-$rdwr", O_RDWR) or die "jitter: /dev/i2c-$rdwr: $!\n";
ioctl($bus, 0x0703, 0x53) or die "jitter: I2C_SLAVE 0x53: $!\n";   # I2C_SLAVE (linux/i2c-dev.h)
for (my $n = 0; ; $n++) {
    syswrite($bus, pack('CC', 0x36, 0xc0 | ($n & 1)));
    my $power = "\0";
    syswrite($bus, pack('C', 0x2d)) and sysread($bus, $power, 1);
    syswrite($bus, pack('CC', 0x39, (ord($power) & 0x08) ? 1 : 0));
    select(undef, undef, undef, 0.1);
}
