# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Debian packages fetched (never installed) into a cache through a private apt configuration:
# its own sources, lists and state under $cache/apt, so that the host's apt state, installed
# kernels and boot links stay as they were. Sourced by fetch-amd64.sh and fetch-ppc64el.sh.
#
#   debcache_setup ARCHES CACHE SUITE... sources for ARCHES (e.g. ppc64el,amd64: the first is
#                                        the default, NAME:ARCH fetches another); each SUITE is "bookworm",
#                                        "bookworm-backports", "bullseye-security", ...; the
#                                        lists are refreshed when older than a day
#   debcache_ver NAME                    newest version of NAME in those sources
#   debcache_search REGEX                package names matching REGEX, newest last
#   debcache_fetch SPEC                  NAME=VERSION into $cache/debs (once); prints the file
#   debcache_extract DIR DEB...          DEBs extracted into DIR unless its stamp lists them
#   debcache_kernel DIR ABI              depmod for a kernel whose image package carries no
#                                        modules.dep, and DIR/abi
#   debian_mirror                        the host's own Debian mirror (from its apt sources, not
#                                        one named here); prints it or fails

debian_mirror() {
	local m
	m=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
	[ -n "$m" ] || m=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list)
	[ -n "$m" ] || { echo "${0##*/}: no Debian mirror in the apt sources" >&2; return 1; }
	echo "$m"
}

debcache_setup() {
	local arch=$1 s mirror smirror a
	cache=$2
	shift 2
	mirror=$(debian_mirror) || exit 1
	smirror=${mirror%/debian}/debian-security
	apt_dir=$cache/apt
	mkdir -p "$apt_dir"/{lists/partial,archives/partial,etc,state} "$cache/debs"
	: >"$apt_dir/state/status"
	: >"$apt_dir/etc/sources.list.new"
	for s in "$@"; do
		case "$s" in
		*-security) echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $smirror $s main" ;;
		*) echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $s main" ;;
		esac >>"$apt_dir/etc/sources.list.new"
	done
	# New sources: lists fetched afresh.
	if ! cmp -s "$apt_dir/etc/sources.list.new" "$apt_dir/etc/sources.list"; then
		mv "$apt_dir/etc/sources.list.new" "$apt_dir/etc/sources.list"
		rm -f "$apt_dir/lists"/*_Packages*
	else
		rm -f "$apt_dir/etc/sources.list.new"
	fi
	papt=(-o APT::Architecture="${arch%%,*}")
	for a in ${arch//,/ }; do papt+=(-o APT::Architectures::="$a"); done
	papt+=(-o Dir::State="$apt_dir/state" -o Dir::State::Lists="$apt_dir/lists"
		-o Dir::State::status="$apt_dir/state/status" -o Dir::Cache="$apt_dir"
		-o Dir::Etc::SourceList="$apt_dir/etc/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root -q)
	# A failed refresh with usable old lists is only a warning.
	if [ -z "$(find "$apt_dir/lists" -maxdepth 1 -name '*_Packages*' -mtime -1 2>/dev/null)" ]; then
		apt-get "${papt[@]}" update >"$apt_dir/update.log" 2>&1 || {
			ls "$apt_dir/lists"/*_Packages* >/dev/null 2>&1 || { cat "$apt_dir/update.log" >&2; exit 1; }
			echo "debcache: apt update failed, using older lists" >&2
		}
	fi
}

debcache_ver() {
	apt-cache "${papt[@]}" show "$1" 2>/dev/null | awk '/^Version:/ { print $2 }' | sort -V | tail -n 1
}

debcache_search() {
	apt-cache "${papt[@]}" search --names-only "$1" | awk '{ print $1 }' | sort -V
}

debcache_fetch() {
	local spec=$1 name=${1%%[:=]*} ver=${1#*=} f
	# shellcheck disable=SC2012 # Debian package file names: no whitespace
	f=$(ls "$cache/debs/${name}_${ver//:/%3a}_"*.deb 2>/dev/null | head -n 1 || true)
	if [ -z "$f" ]; then
		(cd "$cache/debs" && apt-get "${papt[@]}" download "$spec" >/dev/null)
		# shellcheck disable=SC2012 # Debian package file names: no whitespace
		f=$(ls "$cache/debs/${name}_${ver//:/%3a}_"*.deb | head -n 1)
	fi
	echo "$f"
}

# When the stamp lists a leading part of the DEBs (packages appended to a list), only the new
# ones are extracted into DIR in place: the cache is shared, and a guest or build running from
# DIR must not see it disappear.
debcache_extract() {
	local dir=$1 stamp old d
	shift
	stamp=$(printf '%s\n' "${@##*/}")
	if [ -f "$dir/.stamp" ]; then
		old=$(cat "$dir/.stamp")
		[ "$old" = "$stamp" ] && return 0
		if [ -n "$old" ] && [ "${stamp#"$old"$'\n'}" != "$stamp" ]; then
			for d in "$@"; do
				case $'\n'"$old"$'\n' in *$'\n'"${d##*/}"$'\n'*) continue ;; esac
				dpkg-deb -x "$d" "$dir"
			done
			echo "$stamp" >"$dir/.stamp.new"
			mv "$dir/.stamp.new" "$dir/.stamp"
			return 0
		fi
	fi
	rm -rf "$dir.new"
	mkdir -p "$dir.new"
	for d in "$@"; do dpkg-deb -x "$d" "$dir.new"; done
	echo "$stamp" >"$dir.new/.stamp"
	rm -rf "$dir"
	mv "$dir.new" "$dir"
}

debcache_kernel() {
	local dir=$1 abi=$2
	[ -f "$dir/lib/modules/$abi/modules.dep" ] || depmod -b "$dir" "$abi"
	echo "$abi" >"$dir/abi"
}
