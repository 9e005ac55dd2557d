/**
 * Staff upload subtitles as `.vtt` or `.srt`; viewers get clean WebVTT whatever came in, and a file
 * that cannot be read is refused with the line at fault.
 */
import { SUBTITLE_MAX_BYTES } from '@cliffhanger/shared/subtitles';
import { cleanCueText, parseSubtitles, SUBTITLE_MAX_CUES } from '../../../src/domains/subtitles/subtitle-text';

const ok = (text: string) => {
  const result = parseSubtitles(text);
  if (!result.ok) throw new Error(`expected the file to be read, got: ${result.message}`);
  return result;
};
const refused = (text: string) => {
  const result = parseSubtitles(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result;
};

describe('an .srt file becomes WebVTT', () => {
  const srt = [
    '1',
    '00:00:01,000 --> 00:00:02,500',
    'Hello.',
    '',
    '2',
    '00:00:03,000 --> 00:00:04,000',
    'Two',
    'lines',
    '',
  ];

  it('gets the WebVTT header, dots in its times and no cue numbers', () => {
    const result = ok(srt.join('\n'));
    expect(result.format).toBe('srt');
    expect(result.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello.\n\n00:00:03.000 --> 00:00:04.000\nTwo\nlines\n',
    );
    expect(result.cues).toHaveLength(2);
  });

  it('reads Windows line ends, old Mac line ends and a byte-order mark alike', () => {
    const expected = ok(srt.join('\n')).vtt;
    expect(ok(`\uFEFF${srt.join('\r\n')}`).vtt).toBe(expected);
    expect(ok(srt.join('\r')).vtt).toBe(expected);
  });

  it('reads cues without numbers, short hours and milliseconds, and arrows without spaces', () => {
    const result = ok('0:00:01,5-->0:00:02,25\nShort times\n');
    expect(result.vtt).toBe('WEBVTT\n\n00:00:01.500 --> 00:00:02.250\nShort times\n');
  });

  it('drops position codes and unknown tags but keeps italics', () => {
    const result = ok('1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="red"><i>Up here</i></font>\n');
    expect(result.cues[0]?.text).toBe('<i>Up here</i>');
  });

  it('names the line of a cue timing it cannot read', () => {
    const text = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'Fine',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Fine',
      '',
      '3',
      '00:01,000 --> 00:02',
      'Bad',
    ].join('\n');
    expect(refused(text).message).toBe('Line 10: the cue timing “00:01,000 --> 00:02” is not valid.');
    expect(refused(text).line).toBe(10);
  });

  it('refuses a cue number that is not a number', () => {
    expect(refused('1\n00:00:01,000 --> 00:00:02,000\nA\n\nabc\n00:00:03,000 --> 00:00:04,000\nB\n').message).toBe(
      'Line 5: the cue number “abc” is not a number.',
    );
  });
});

describe('a WebVTT file is checked and cleaned', () => {
  it('keeps cues, their known settings and WebVTT’s own tags', () => {
    const text =
      'WEBVTT - the pilot\nKind: captions\nLanguage: en\n\nNOTE written by hand\n\nSTYLE\n::cue { color: red }\n\n' +
      'intro\n00:01.000 --> 00:02.000 align:start position:10% line:0 bogus:1\n<v.loud Lena>Hi</v> <c.yellow>there</c> <b>now</b> <u>and</u> <lang ru>да</lang>\n\n' +
      '00:00:03.000 --> 00:00:05.000\nKaraoke <00:00:04.000>word\n';
    const result = ok(text);
    expect(result.format).toBe('vtt');
    expect(result.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:start position:10% line:0\n' +
        '<v.loud Lena>Hi</v> <c.yellow>there</c> <b>now</b> <u>and</u> <lang ru>да</lang>\n\n' +
        '00:00:03.000 --> 00:00:05.000\nKaraoke <00:00:04.000>word\n',
    );
  });

  it('puts cues in the order they start', () => {
    const result = ok('WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nSecond\n\n00:00:01.000 --> 00:00:02.000\nFirst\n');
    expect(result.cues.map((cue) => cue.text)).toEqual(['First', 'Second']);
  });

  it('refuses a cue that ends before it starts, naming the line', () => {
    expect(refused('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n').message).toBe(
      'Line 3: the cue ends (00:00:04.000) before it starts (00:00:05.000). A cue must end after it starts.',
    );
    expect(refused('WEBVTT\n\n00:00:05.000 --> 00:00:05.000\nNo time\n').line).toBe(3);
  });

  it('refuses SRT-style times inside a WebVTT file', () => {
    expect(refused('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nComma\n').message).toBe(
      'Line 3: the cue timing “00:00:01,000 --> 00:00:02,000” is not valid.',
    );
  });

  it('refuses impossible minutes and seconds', () => {
    expect(refused('WEBVTT\n\n00:61:00.000 --> 00:62:00.000\nNo\n').line).toBe(3);
    expect(refused('WEBVTT\n\n00:00:99.000 --> 00:01:00.000\nNo\n').line).toBe(3);
  });

  it('refuses a block that is neither a cue nor a note', () => {
    expect(refused('WEBVTT\n\nJust some words\n').message).toMatch(/^Line 3: a cue timing such as/);
  });

  it('refuses a cue glued to the header or to the cue before it', () => {
    expect(refused('WEBVTT\n00:00:01.000 --> 00:00:02.000\nGlued\n').line).toBe(2);
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n00:00:03.000 --> 00:00:04.000\nB\n').line).toBe(5);
  });
});

describe('what is not a subtitle file is refused', () => {
  it('an empty file', () => {
    expect(refused('').message).toBe('The subtitle file is empty.');
    expect(refused('\uFEFF \r\n\n').message).toBe('The subtitle file is empty.');
  });

  it('a header without cues, and cues without text', () => {
    expect(refused('WEBVTT\n').message).toBe('The subtitle file has no cues with text in it.');
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<script>x</script>\n').message).toBe(
      'The subtitle file has no cues with text in it.',
    );
  });

  it('a text that is neither WebVTT nor SRT', () => {
    expect(refused('<html><body>hi</body></html>').message).toMatch(/^Line 1: the file is neither WebVTT/);
  });

  it('a file over the size limit', () => {
    const big = `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'x'.repeat(SUBTITLE_MAX_BYTES)}\n`;
    expect(refused(big).message).toMatch(/larger than 256 KiB/);
  });

  it('a file whose characters take more bytes than allowed, though fewer characters', () => {
    const text = `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'я'.repeat(SUBTITLE_MAX_BYTES / 2)}\n`;
    expect(text.length).toBeLessThan(SUBTITLE_MAX_BYTES);
    expect(refused(text).message).toMatch(/larger than 256 KiB/);
  });

  it('more cues than an episode could need', () => {
    const cues = Array.from(
      { length: SUBTITLE_MAX_CUES + 1 },
      (_, i) =>
        `${i + 1}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},500\nx`,
    );
    expect(refused(cues.join('\n\n')).message).toMatch(/more than 5000 cues/);
  });

  it('a binary file with NUL characters', () => {
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\0B\n').line).toBe(4);
  });

  it('times beyond a hundred hours', () => {
    expect(refused('WEBVTT\n\n999:00:00.000 --> 999:00:01.000\nLate\n').line).toBe(3);
  });
});

describe('cue text never becomes markup', () => {
  it('drops a script with its content, and styles', () => {
    expect(cleanCueText('Hi<script>alert(1)</script> there<style>b{}</style>!')).toBe('Hi there!');
    expect(cleanCueText('<SCRIPT src=x>alert(1)</SCRIPT >ok')).toBe('ok');
    expect(cleanCueText('Hi<script>alert(1)')).toBe('Hi');
  });

  it('drops other tags and attributes, keeping their text', () => {
    expect(cleanCueText('<img src=x onerror=alert(1)>Look <a href="javascript:x">here</a>')).toBe('Look here');
    expect(cleanCueText('<i onclick="x">It</i>')).toBe('<i>It</i>');
    expect(cleanCueText('<b.x onclick=y>Bold</b>')).toBe('<b.x>Bold</b>');
  });

  it('escapes a stray < or > and an & that starts no character reference', () => {
    expect(cleanCueText('1 < 2 > 0 & 3 &amp; &lt;x&gt; &#169;')).toBe('1 &lt; 2 &gt; 0 &amp; 3 &amp; &lt;x&gt; &#169;');
    expect(cleanCueText('<<<b>')).toBe('&lt;&lt;<b>');
  });

  it('keeps a voice’s name but not quotes or references in it', () => {
    expect(cleanCueText('<v Lena "the bride" &amp;>Yes</v>')).toBe('<v Lena the bride amp;>Yes</v>');
  });

  it('never lets a cue text end the cue early with an arrow line', () => {
    const result = parseSubtitles('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA --&gt; B\n');
    expect(result.ok).toBe(true);
  });
});

describe('reading time grows with the file, not faster', () => {
  const timed = (text: string) => {
    const started = process.hrtime.bigint();
    parseSubtitles(text);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const budget = SUBTITLE_MAX_BYTES - 100;
  const cases: Array<[string, string]> = [
    ['a run of “<”', `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'<'.repeat(budget)}`],
    ['“<” and “>” far apart', `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'<a'.repeat(budget / 2)}>`],
    ['open scripts', `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'<script>'.repeat(budget / 8)}`],
    ['a tag of spaces', `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i${' '.repeat(budget)}x>`],
    ['a timing line of spaces', `WEBVTT\n\n00:00:01.000 -->${' '.repeat(budget)}\u2028`],
    ['ampersands', `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'&'.repeat(budget)}`],
    ['arrows', `WEBVTT\n\n${'-->'.repeat(budget / 3)}`],
    ['numbers', `1\n${'9'.repeat(budget)}`],
    ['blank lines', `WEBVTT${'\n'.repeat(budget)}`],
    ['tiny cues', Array.from({ length: 4000 }, () => '00:00:01,000 --> 00:00:02,000\nx').join('\n\n')],
  ];

  /*
   * The yardstick is an ordinary file of the same size read in the same moment (about 1,000 cues of
   * plain speech, well under the cue limit), so a busy machine slows both alike. A reader that went
   * quadratic on one of the shapes above would take thousands of times as long as the yardstick on a
   * file this size; linear reading stays within a small multiple of it.
   */
  const cue = `00:00:01.000 --> 00:00:02.000\n${'An ordinary line of speech, said once and then again. '.repeat(4)}\n\n`;
  const ordinary = `WEBVTT\n\n${cue.repeat(Math.floor((budget - 10) / cue.length))}`;
  const fastest = (text: string) => Math.min(timed(text), timed(text), timed(text));

  it('the yardstick is an ordinary file the reader accepts whole', () => {
    const result = parseSubtitles(ordinary);
    expect(result.ok).toBe(true);
    expect(Buffer.byteLength(ordinary)).toBeGreaterThan(budget - cue.length - 10);
  });

  it.each(cases)('%s is read about as fast as an ordinary file of its size', (_name, text) => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(SUBTITLE_MAX_BYTES);
    const yardstick = fastest(ordinary);
    expect(fastest(text)).toBeLessThan(Math.max(25 * yardstick, 50));
  });
});
