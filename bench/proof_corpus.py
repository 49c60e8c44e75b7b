"""The proof over the whole shared corpus: a signed batch that verifies, and every document re-converted.

    python bench/proof_corpus.py                       # ../shared/corpus, 2 jobs
    python bench/proof_corpus.py --corpus DIR --jobs 2 --out /tmp/zenconv-proof

1. ``zenconv CORPUS -o OUT --sign-key KEY`` (a fresh key pair in OUT's parent);
2. ``zenconv audit OUT --key KEY.pub``: every document signed, the batch's membership verified;
3. ``zenconv verify MANIFEST --source SRC --reconvert`` for every document with a manifest (``--jobs`` at
   a time, each a process of its own): the same output and manifest, byte for byte.

Prints the counts, the time of each step, and every document that does not re-convert to the same bytes
(with what differs); exits 1 if any step finds a problem. tests/test_batch_signing.py runs the same over
a sample of the corpus.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--out", type=Path, default=Path("/tmp/zenconv-proof"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    from zenconv.audit import audit
    from zenconv.batch import INDEX_NAME, run_batch
    from zenconv.plugins import build_plugins
    from zenconv.signing import generate, load_private, load_public

    if args.out.exists():
        shutil.rmtree(args.out)
    args.out.mkdir(parents=True)
    private, public = generate(args.out / "signer")
    out = args.out / "converted"
    plugins = build_plugins(third_party=False)

    started = time.monotonic()
    code = run_batch([str(args.corpus)], out, plugins, quiet=True, jobs=args.jobs, sign_key=load_private(private))
    converted = time.monotonic() - started
    print(f"signed batch: exit {code}, {converted:.0f} s")

    started = time.monotonic()
    data = audit([out], key=load_public(public)).to_json()
    sig = data["signatures"]
    batch = sig["batches"][str(out)]
    print(f"audit --key: {data['documents']} documents, {sig['verified']} signatures verified, "
          f"{len(sig['unsigned'])} unsigned, {len(sig['badly_signed'])} badly signed, {len(sig['missing'])} missing; "
          f"batch {batch['status']}, {len(batch['index'])} index differences; "
          f"digests {data['digests']['verified']} verified, {len(data['digests']['failed'])} failed "
          f"({time.monotonic() - started:.0f} s)")
    signed_ok = (not sig["unsigned"] and not sig["badly_signed"] and not sig["missing"]
                 and batch["status"] == "verified" and not batch["index"])

    pairs = []
    for entry in map(json.loads, (out / INDEX_NAME).read_text(encoding="utf-8").splitlines()):
        if entry.get("manifest") and entry.get("status") not in ("failed", "skipped"):
            pairs.append(((out / entry["source"]).parent / entry["manifest"], args.corpus / entry["source"]))
    def again(pair):
        # A process per document (the command a reviewer runs): forking the isolated child from a thread
        # of this process would copy whatever lock another thread held.
        done = subprocess.run([sys.executable, "-m", "zenconv", "verify", str(pair[0]), "--source", str(pair[1]),
                               "--reconvert"], capture_output=True, timeout=1200)
        return pair, [] if done.returncode == 0 else done.stderr.decode("utf-8", "replace").splitlines()

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(again, pairs))
    differing = [(pair, problems) for pair, problems in results if problems]
    print(f"re-conversion: {len(pairs) - len(differing)} of {len(pairs)} documents give the same bytes "
          f"({time.monotonic() - started:.0f} s)")
    for (manifest, _), problems in differing:
        print(f"  {manifest.relative_to(out)}:")
        for line in problems[:5]:
            print(f"    {line}")
    return 0 if signed_ok and not differing else 1


if __name__ == "__main__":
    sys.exit(main())
