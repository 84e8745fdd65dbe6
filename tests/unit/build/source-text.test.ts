// A source file's lines decoded one by one are the lines of the file decoded whole, with the same problems reported.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeSource, sourceLines } from "../../../src/build/source-text.ts";

const cases: Record<string, Buffer> = {
  empty: Buffer.alloc(0),
  "one line, no newline": Buffer.from('{"id":"a"}'),
  "lines, a newline after the last": Buffer.from('{"id":"a"}\n{"id":"b"}\n'),
  "a byte order mark, CRLF and empty lines": Buffer.from('\ufeff{"id":"a"}\r\n\r\n\n{"id":"b"}\r\n'),
  "a byte order mark within a line": Buffer.from('{"id":"a"}\n\ufeff{"id":"b"}'),
  "characters past Latin-1": Buffer.from('{"text":"Ünïcode, 👍, \u2028"}\n{"text":"plain"}\n'),
  "a byte order mark and a bad byte sequence": Buffer.concat([
    Buffer.from('\ufeff{"id":"a"}\n{"text":"'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('"}'),
  ]),
  "bad byte sequences": Buffer.concat([
    Buffer.from('{"id":"a"}\n{"text":"'),
    Buffer.from([0xc3, 0x28, 0xff, 0xe2, 0x82]),
    Buffer.from('"}\n{"text":"'),
    Buffer.from([0xe2, 0x82]),
    Buffer.from("\n"),
    Buffer.from([0xf0, 0x9f]),
  ]),
};

test("gives the lines and problems that decoding the whole file and splitting it give", () => {
  for (const [name, bytes] of Object.entries(cases)) {
    const wholeProblems: string[] = [];
    const whole = decodeSource("reviews.jsonl", bytes, wholeProblems).split("\n");
    const problems: string[] = [];
    assert.deepEqual([...sourceLines("reviews.jsonl", bytes, problems)], whole, name);
    assert.deepEqual(problems, wholeProblems, name);
  }
  const problems: string[] = [];
  Array.from(sourceLines("reviews.jsonl", cases["bad byte sequences"]!, problems));
  assert.deepEqual(
    problems.map((p) => p.split(": ")[0]),
    ["reviews.jsonl:2", "reviews.jsonl:3", "reviews.jsonl:4"],
  );
});
