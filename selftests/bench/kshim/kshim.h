/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included (-include) when the bench assembles Linux 7.2's x86 crypto .S files from the
 * cached linux-source-7.2 (kernel.mk): the kernel's linkage and annotation macros as plain
 * gas for a userspace shared object. Symbols are hidden, so that kglue.c reaches them by a
 * direct call (as the kernel's glue does) and only kglue's table is exported. RET is a plain
 * ret and frames/annotations vanish: the kernel's best case (no return thunk, no ENDBR).
 */
#ifndef HWC_KSHIM_H
#define HWC_KSHIM_H
#ifdef __ASSEMBLER__

#define SYM_FUNC_START(name)	.globl name; .hidden name; .type name, @function; \
				.p2align 4; name:
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#define SYM_FUNC_START_LOCAL(name)	.type name, @function; .p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
#define SYM_FUNC_ALIAS_LOCAL(alias, name)	.set alias, name
#define RET			ret
#define ANNOTATE_NOENDBR
#define FRAME_BEGIN
#define FRAME_END
#define FRAME_OFFSET		0

#endif
#endif
