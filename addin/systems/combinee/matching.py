"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm).

Used by the "de proche en proche" pairing to know how many rematches a field
needs at least, and to check, pair by pair, that a choice leaves the rest
completable. Vertices are ``0..n-1``; ``adj[v]`` lists the neighbours of
``v``; ``alive[v]`` is False for a vertex removed from the graph; ``match[v]``
is the partner of ``v`` or ``-1``. A search from an exposed root either finds
an augmenting path (and applies it) or proves that none starts at that root;
by Berge's theorem a matching is maximum when no exposed vertex has one, and a
root without an augmenting path never gets one later, so one pass over the
exposed vertices suffices.
"""

from __future__ import annotations

from collections import deque
from typing import Sequence


def augment_from(root: int, adj: Sequence[Sequence[int]], match: list[int],
                 alive: Sequence[bool]) -> bool:
    """Look for an augmenting path from the exposed vertex ``root``; apply it if found."""
    n = len(adj)
    base = list(range(n))
    parent = [-1] * n
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = True
            blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for u in adj[v]:
            if not alive[u] or base[v] == base[u] or match[v] == u:
                continue
            if u == root or (match[u] != -1 and parent[match[u]] != -1):
                cur = lca(v, u)
                blossom = [False] * n
                mark_path(v, cur, u, blossom)
                mark_path(u, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[u] == -1:
                parent[u] = v
                if match[u] == -1:
                    while u != -1:
                        pv = parent[u]
                        nxt = match[pv]
                        match[u] = pv
                        match[pv] = u
                        u = nxt
                    return True
                used[match[u]] = True
                queue.append(match[u])
    return False


def grow(adj: Sequence[Sequence[int]], match: list[int], alive: Sequence[bool],
         target: int | None = None) -> int:
    """Augment ``match`` in place until it is maximum (or reaches ``target`` edges).

    Returns the final number of matched pairs.
    """
    size = sum(1 for v, m in enumerate(match) if m > v and alive[v])
    if target is not None and size >= target:
        return size
    for v in range(len(adj)):
        if alive[v] and match[v] == -1 and augment_from(v, adj, match, alive):
            size += 1
            if target is not None and size >= target:
                break
    return size


def maximum_matching(adj: Sequence[Sequence[int]], alive: Sequence[bool] | None = None) -> list[int]:
    """A maximum matching (greedy start, then augmenting paths) as a partner array."""
    n = len(adj)
    if alive is None:
        alive = [True] * n
    match = [-1] * n
    for v in range(n):
        if alive[v] and match[v] == -1:
            for u in adj[v]:
                if alive[u] and match[u] == -1 and u != v:
                    match[v] = u
                    match[u] = v
                    break
    grow(adj, match, alive)
    return match
