/**
 * The poll's body is read from its bytes before routing (prepared-public-view.ts `ownIdOf`): it must
 * take exactly the bodies `{"id": <id>}` the route's schema reads as that id, with the whitespace JSON
 * allows, and nothing else — any other body goes to the route, which answers it itself.
 */
import fc from 'fast-check';
import { ownIdOf } from '../../../src/domains/feed/prepared-public-view';

/** The same rule written as a pattern: what the bytes reader must agree with. */
const OWN_ID_BODY = /^[ \t\n\r]*\{[ \t\n\r]*"id"[ \t\n\r]*:[ \t\n\r]*([1-9][0-9]{0,9})[ \t\n\r]*\}[ \t\n\r]*$/;
const expected = (text: string) => {
  const digits = OWN_ID_BODY.exec(text)?.[1];
  return digits === undefined ? undefined : Number(digits);
};
const idOf = (text: string) => ownIdOf(Buffer.from(text, 'latin1'));

describe('reading the poll body’s own id from its bytes', () => {
  it.each([
    ['{"id":42}', 42],
    [' {\n "id" :\t42 }\r\n', 42],
    ['{"id":2147483647}', 2147483647],
    ['{"id":9999999999}', 9999999999],
  ])('reads %j as the id', (body, id) => {
    expect(idOf(body)).toBe(id);
  });

  it.each([
    '',
    '{}',
    'null',
    '{"id":042}',
    '{"id":0}',
    '{"id":-4}',
    '{"id":4.0}',
    '{"id":4e2}',
    '{"id":"42"}',
    '{"id":42,"x":1}',
    '{"id":1,"id":42}',
    '{"id":42',
    '"id":42}',
    '{"ID":42}',
    '{"id" 42}',
    '{"id":12345678901}',
    '{"id":42}}',
    '{"id":42}x',
    '\u00a0{"id":42}',
    '{"id":42}\f',
  ])('leaves %j to the route', (body) => {
    expect(idOf(body)).toBeUndefined();
  });

  it('agrees with the pattern on any text made of the body’s characters', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '"id"',
      '"ID"',
      ':',
      ',',
      ' ',
      '\t',
      '\n',
      '\r',
      '\f',
      '0',
      '1',
      '7',
      '9',
      '42',
      '-',
      '.',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        expect(idOf(text)).toBe(expected(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the pattern on well-formed bodies around any id and spacing', () => {
    const space = fc.stringMatching(/^[ \t\n\r]{0,3}$/);
    fc.assert(
      fc.property(
        space,
        space,
        space,
        space,
        fc.stringMatching(/^[0-9]{1,12}$/),
        space,
        space,
        (a, b, c, d, digits, e, f) => {
          const text = `${a}{${b}"id"${c}:${d}${digits}${e}}${f}`;
          expect(idOf(text)).toBe(expected(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
