# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154 # qb_*: set by the script that sources this one
# Shared steps of the patched-QEMU builds (scripts/build-qemu-t4.sh, scripts/build-qemu-nx.sh):
# Debian's qemu source package unpacked once per variant and version into a tree kept under git at
# Debian's state, the variant's patches applied so that unchanged files keep their mtimes (ninja
# then rebuilds only what a patch change touches), configure once, ninja at low priority.
# The caller sets: qb_name (for messages), qb_qver (Debian version, epoch included), qb_tree (the
# kept tree), qb_conf (configure arguments, an array); then calls qb_source, qb_apply PATCH...,
# qb_configure and qb_ninja TARGET... in that order.

qb_die() {
	echo "$qb_name: $*" >&2
	exit 1
}

qb_source() {
	local p src
	for p in meson ninja git cc python3 dpkg-source dtc; do
		command -v "$p" >/dev/null || qb_die "$p missing (scripts/install-deps.sh)"
	done
	mkdir -p "$(dirname "$qb_tree")"
	exec 9>"$qb_tree.lock"
	flock 9
	[ -f "$qb_tree/.hwc-src" ] && return 0
	rm -rf "$qb_tree"
	mkdir -p "$qb_tree"
	echo "$qb_name: fetching Debian's qemu $qb_qver source" >&2
	(cd "$qb_tree" && apt-get source -q "qemu=$qb_qver") >"$qb_tree/fetch.log" 2>&1 || {
		tail -n 20 "$qb_tree/fetch.log" >&2
		qb_die "apt-get source failed (deb-src for sid missing? scripts/install-deps.sh)"
	}
	# shellcheck disable=SC2012 # our own names (versions, hashes): no whitespace or newlines
	src=$(ls -d "$qb_tree"/qemu-*/ | head -n 1)
	mv "$src" "$qb_tree/src"
	rm -f "$qb_tree"/qemu_*
	git -C "$qb_tree/src" init -q
	git -C "$qb_tree/src" config gc.auto 0
	git -C "$qb_tree/src" add -A -f
	git -C "$qb_tree/src" -c user.name=hwcrypt -c user.email=hwcrypt@invalid commit -q -m "Debian qemu $qb_qver"
	touch "$qb_tree/.hwc-src"
}

# Back to Debian's state, then the given patches. A file whose content comes out as it was keeps
# its old mtime, so that ninja rebuilds (and meson reconfigures) only for what really changed.
qb_apply() {
	local p f prev=$qb_tree/prev
	rm -rf "$prev"
	mkdir -p "$prev"
	(cd "$qb_tree/src" && { git diff --name-only; git ls-files --others --exclude-standard; } |
		while read -r f; do
			mkdir -p "$prev/$(dirname "$f")"
			cp -p "$f" "$prev/$f"
		done)
	git -C "$qb_tree/src" checkout -q -f HEAD
	git -C "$qb_tree/src" clean -q -f -d
	for p in "$@"; do
		[ -s "$p" ] || continue
		git -C "$qb_tree/src" apply --whitespace=nowarn "$p" ||
			qb_die "$p does not apply to qemu $qb_qver"
	done
	(cd "$prev" && find . -type f | while read -r f; do
		if cmp -s "$f" "$qb_tree/src/$f"; then
			touch -r "$f" "$qb_tree/src/$f"
		fi
	done)
	rm -rf "$prev"
}

# Configures once per configure line (a changed line starts a fresh build tree).
qb_configure() {
	if [ -f "$qb_tree/build/build.ninja" ] &&
		[ "$(cat "$qb_tree/build/.hwc-conf" 2>/dev/null)" = "${qb_conf[*]}" ]; then
		return 0
	fi
	rm -rf "$qb_tree/build"
	mkdir -p "$qb_tree/build"
	echo "$qb_name: configuring: ${qb_conf[*]}" >&2
	(cd "$qb_tree/build" && ../src/configure "${qb_conf[@]}") >"$qb_tree/build.log" 2>&1 || {
		tail -n 30 "$qb_tree/build.log" >&2
		qb_die "configure failed (log: $qb_tree/build.log)"
	}
	echo "${qb_conf[*]}" >"$qb_tree/build/.hwc-conf"
}

qb_ninja() {
	nice -n 10 ninja -C "$qb_tree/build" -j"${HWC_MAKE_JOBS:-$(nproc)}" "$@" >>"$qb_tree/build.log" 2>&1 || {
		tail -n 40 "$qb_tree/build.log" >&2
		qb_die "build of $* failed (log: $qb_tree/build.log)"
	}
}
