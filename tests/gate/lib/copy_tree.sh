# tests/gate/lib/copy_tree.sh -- sourced by the gate tests (POSIX sh).
# gate_copy_tree ROOT TMP: copy the files git tracks in ROOT, as they are in
# the work tree (a file deleted but not committed is skipped), to TMP/tree;
# outside a git checkout (an exported tree), every file but build/,
# proofs/cache/ and .git/.  proofs/cache/ is never copied: a test that
# proves replays ROOT's cache read-only.  Calls `fail` (the caller's) on error.
gate_copy_tree() {
	_root=$1
	_tmp=$2
	mkdir "$_tmp/tree" || fail "mkdir failed"
	if (cd "$_root" && git rev-parse --is-inside-work-tree) >/dev/null 2>&1; then
		(cd "$_root" && git ls-files) | grep -v '^proofs/cache/' | while IFS= read -r f; do
			[ -f "$_root/$f" ] && printf '%s\n' "$f"
		done >"$_tmp/files"
	else
		(cd "$_root" && find . -path ./build -prune -o -path ./proofs/cache -prune \
			-o -path ./.git -prune -o -type f -print) >"$_tmp/files"
	fi
	[ -s "$_tmp/files" ] || fail "no files to copy from $_root"
	(cd "$_root" && tar -cf - -T "$_tmp/files") | (cd "$_tmp/tree" && tar -xf -) ||
		fail "could not copy the tree"
}
