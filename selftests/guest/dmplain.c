// SPDX-License-Identifier: GPL-2.0
/*
 * A plain dm-crypt mapping through the device-mapper ioctls, for guests whose userland has no
 * cryptsetup (the ppc64le one): 61-dmcrypt's volume without the LUKS header.
 *
 *   dmplain create NAME CIPHER KEYHEX DEVICE SECTORS   prints the mapped node (/dev/dm-N)
 *   dmplain remove NAME
 */
#include <fcntl.h>
#include <linux/dm-ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static union {
	struct dm_ioctl io;
	char buf[16384];
} req;

static void req_init(const char *name)
{
	memset(&req, 0, sizeof(req));
	req.io.version[0] = DM_VERSION_MAJOR;
	req.io.data_size = sizeof(req);
	req.io.data_start = sizeof(struct dm_ioctl);
	snprintf(req.io.name, sizeof(req.io.name), "%s", name);
}

static int dm(int fd, unsigned long cmd, const char *what)
{
	if (ioctl(fd, cmd, &req) < 0) {
		perror(what);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int fd = open("/dev/mapper/control", O_RDWR);

	if (fd < 0) {
		perror("/dev/mapper/control");
		return 1;
	}
	if (argc == 7 && !strcmp(argv[1], "create")) {
		struct dm_target_spec *spec;
		char *params;
		unsigned int minor;

		req_init(argv[2]);
		if (dm(fd, DM_DEV_CREATE, "DM_DEV_CREATE"))
			return 1;
		minor = minor(req.io.dev);

		req_init(argv[2]);
		req.io.target_count = 1;
		spec = (struct dm_target_spec *)(req.buf + req.io.data_start);
		spec->sector_start = 0;
		spec->length = strtoull(argv[6], NULL, 0);
		snprintf(spec->target_type, sizeof(spec->target_type), "crypt");
		params = (char *)(spec + 1);
		snprintf(params, sizeof(req) - (size_t)(params - req.buf), "%s %s 0 %s 0", argv[3],
			 argv[4], argv[5]);
		if (dm(fd, DM_TABLE_LOAD, "DM_TABLE_LOAD"))
			goto undo;
		/* Resume (suspend without DM_SUSPEND_FLAG) makes the loaded table live. */
		req_init(argv[2]);
		if (dm(fd, DM_DEV_SUSPEND, "DM_DEV_SUSPEND"))
			goto undo;
		memset(&req, 0, sizeof(req));
		printf("/dev/dm-%u\n", minor);
		return 0;
undo:
		memset(&req, 0, sizeof(req));
		req_init(argv[2]);
		dm(fd, DM_DEV_REMOVE, "DM_DEV_REMOVE");
		return 1;
	}
	if (argc == 3 && !strcmp(argv[1], "remove")) {
		req_init(argv[2]);
		return dm(fd, DM_DEV_REMOVE, "DM_DEV_REMOVE") ? 1 : 0;
	}
	fprintf(stderr, "usage: %s create NAME CIPHER KEYHEX DEVICE SECTORS | remove NAME\n", argv[0]);
	return 2;
}
