import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';
import { base64, sha256Base64, sha256Bytes } from 'mcpdesc-core/internal/render/sha256.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

test('sha256: FIPS 180-4 / NIST example vectors', () => {
  assert.equal(hex(sha256Bytes(ascii(''))), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(hex(sha256Bytes(ascii('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(
    hex(sha256Bytes(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  );
  assert.equal(
    hex(sha256Bytes(ascii('a'.repeat(1_000_000)))),
    'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
  );
});

test('base64: RFC 4648 test vectors', () => {
  const cases = ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'];
  const expected = ['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy'];
  assert.deepEqual(
    cases.map((text) => base64(ascii(text))),
    expected,
  );
});

test('sha256: agrees with node:crypto on seeded random texts of every padding length', () => {
  const random = seededRandom(180_4);
  for (let length = 0; length < 300; length++) {
    let text = '';
    // Mostly ASCII, with multi-byte characters, astral pairs and a lone surrogate now and then.
    for (let i = 0; i < length; i++) {
      const pick = random();
      text +=
        pick < 0.7
          ? String.fromCharCode(32 + Math.floor(random() * 95))
          : pick < 0.9
            ? String.fromCharCode(0x80 + Math.floor(random() * 0xd000))
            : pick < 0.98
              ? String.fromCodePoint(0x10000 + Math.floor(random() * 0xfffff))
              : '\ud800';
    }
    const expected = createHash('sha256').update(text, 'utf8').digest('base64');
    assert.equal(sha256Base64(text), expected, `length ${length}`);
  }
});
