#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Derives the two linear layers of kmod/generic/aes.c's inverse S-box (inv_sub_bytes_63).

The inverse S-box is L o S' o L on x + 0x63 (see the comment above inv_sub_bytes_63), S' being
the forward circuit without its constant and L the linear half of the inverse affine map. The
forward circuit's top layer composed with the first L, and its bottom layer followed by the
second L, are each a set of linear forms; each set is rebuilt as one XOR network by Paar's
greedy heuristic (repeatedly XOR the pair of signals that the most targets still contain), the
smallest network over a fixed series of tie-breaking seeds kept. The forward circuit is read
from aes.c itself, so the output follows it. Prints the C statements of both networks.

Usage: scripts/gen-aes-inv-sbox.py [kmod/generic/aes.c] [TRIES]
"""
import itertools
import random
import re
import sys

path = sys.argv[1] if len(sys.argv) > 1 else 'kmod/generic/aes.c'
tries = int(sys.argv[2]) if len(sys.argv) > 2 else 300
src = open(path).read()


def body(name):
    start = src.index('INLINE void %s(' % name)
    return src[start:src.index('\n}\n', start)].replace('o->', '').replace('o.', '')


gate = re.compile(r'\n\t(\w+) = (\w+) ([\^&]) (\w+);')
middle = gate.findall(body('sbox_middle'))
linear = gate.findall(body('sbox_linear'))
tops = [g for g in linear if g[0].startswith('T')]
bots = [g for g in linear if g[0].startswith('L')]
outs = re.findall(r'\n\tq\[(\d)\] = (\w+) \^ (\w+);', body('sbox_linear'))

# Top: forms over the planes x0..x7 of the S-box input (plane i = bit i).
def lform(i):
    return (1 << ((i + 2) % 8)) | (1 << ((i + 5) % 8)) | (1 << ((i + 7) % 8))


form = {'U%d' % k: lform(7 - k) for k in range(8)}	# U0 is plane 7
for d, a, op, b in tops:
    form[d] = form[a] ^ form[b]
used = []
for d, a, op, b in middle:
    for v in (a, b):
        if v[0] in 'TU' and v not in used:
            used.append(v)
used.sort(key=lambda v: (v[0] != 'T', int(v[1:])))
top = {v: form[v] for v in used}

# Bottom: forms over the middle's outputs; plane p of S' is their S(7 - p).
msig = sorted({v for g in bots for v in g[1:] if v.startswith('M')}, key=lambda v: int(v[1:]))
bform = {m: 1 << i for i, m in enumerate(msig)}
for d, a, op, b in bots:
    bform[d] = bform[a] ^ bform[b]
plane = {int(p): bform[a] ^ bform[b] for p, a, b in outs}
bottom = {'q%d' % i: plane[(i + 2) % 8] ^ plane[(i + 5) % 8] ^ plane[(i + 7) % 8]
          for i in range(8)}


def paar(nin, targets, seed):
    rng = random.Random(seed)
    sig = nin
    steps = []
    rep = {t: {i for i in range(nin) if (m >> i) & 1} for t, m in targets.items()}
    while True:
        count = {}
        for s in rep.values():
            for pair in itertools.combinations(sorted(s), 2):
                count[pair] = count.get(pair, 0) + 1
        if not count:
            break
        most = max(count.values())
        pairs = [p for p, c in count.items() if c == most]
        a, b = pairs[0] if seed is None else rng.choice(pairs)
        steps.append((sig, a, b))
        for s in rep.values():
            if a in s and b in s:
                s -= {a, b}
                s.add(sig)
        sig += 1
    return steps, {t: next(iter(s)) for t, s in rep.items()}


def smallest(nin, targets):
    best = None
    for seed in [None] + list(range(tries)):
        r = paar(nin, targets, seed)
        if best is None or len(r[0]) < len(best[0]):
            best = r
    return best


def emit(nin, targets, inname, tmp, dest):
    steps, final = smallest(nin, targets)
    name = lambda i: inname(i) if i < nin else '%s%d' % (tmp, i - nin)
    for n, a, b in steps:
        print('\t%s = %s ^ %s;' % (name(n), name(a), name(b)))
    print()
    for t in targets:
        print(dest(t) % name(final[t]))
    return len(steps)


nt = emit(8, top, lambda i: 'x%d' % i, 'a', lambda t: '\tin.' + t + ' = %s;')
print('\tsbox_middle(&o, &in);')
print()
nb = emit(len(msig), bottom, lambda i: 'o.' + msig[i], 'b', lambda t: '\t' + t.replace('q', 'q[') + '] = %s;')
print('top %d XORs, bottom %d XORs' % (nt, nb), file=sys.stderr)
