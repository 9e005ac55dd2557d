/**
 * Subtitle files as staff upload them (issue #21), turned into the one WebVTT text viewers are served:
 * `.vtt` is checked and cleaned, `.srt` converted (comma → dot in times, cue numbers dropped). A pure
 * module: no I/O, no clock.
 *
 * What is kept: the `WEBVTT` line and, per cue, its timing, its known settings (`align:`, `line:`,
 * `position:`, `size:`, `vertical:`, `region:`) and its text with WebVTT's own tags (`<i> <b> <u> <c>
 * <v> <lang> <ruby> <rt>` and timestamps). What goes: header lines, NOTE, STYLE and REGION blocks, cue
 * ids, any other tag (`<font>`, `<script>` with its content, …). A `&` that starts no known character
 * reference and a `<` that opens no tag are escaped, so the text never becomes markup.
 *
 * A file that cannot be read answers the line at fault, e.g. `Line 7: the cue timing “00:01,000 -->
 * 00:02” is not valid.` Every step looks at each character a bounded number of times, so a file at the
 * size limit full of pathological lines is read in linear time.
 */
import { SUBTITLE_MAX_BYTES } from '@cliffhanger/shared/subtitles';

/** More cues than any 1–3 minute episode needs; the byte limit alone would allow ~10 000. */
export const SUBTITLE_MAX_CUES = 5_000;
/** Cues must start and end within this (hours of an episode of a few minutes are a mistake). */
const MAX_TIME_MS = 100 * 3_600_000 - 1;
const EXCERPT_LENGTH = 60;

export type SubtitleFormat = 'vtt' | 'srt';

export interface SubtitleCue {
  startMs: number;
  endMs: number;
  /** Cleaned settings, space-separated, or ''. */
  settings: string;
  /** Cleaned text lines joined by `\n`. */
  text: string;
}

export type SubtitleParse =
  | { ok: true; format: SubtitleFormat; vtt: string; cues: SubtitleCue[] }
  | { ok: false; line: number | null; message: string };

class SubtitleError extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
  }
}

const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;

// --- Times ------------------------------------------------------------------------------------------

const VTT_TIME = /^(?:(\d{2,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
/** SRT as editors write it: hours always, one or two digits for minutes and seconds, 1–3 for ms. */
const SRT_TIME = /^(\d{1,3}):([0-5]?\d):([0-5]?\d)[,.](\d{1,3})$/;

function parseTime(text: string, format: SubtitleFormat): number | null {
  if (text.length > 16) return null;
  const match = (format === 'vtt' ? VTT_TIME : SRT_TIME).exec(text);
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  const ms = Number(fraction.padEnd(3, '0'));
  const total = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + ms;
  return total <= MAX_TIME_MS ? total : null;
}

/** `HH:MM:SS.mmm`, as WebVTT writes it. */
export function formatVttTime(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';

/** A timing line split by hand (no regular expression runs over the whole line). */
function parseTiming(
  line: string,
  lineNumber: number,
  format: SubtitleFormat,
): { startMs: number; endMs: number; settings: string } {
  const invalid = () => new SubtitleError(lineNumber, `the cue timing “${excerpt(line.trim())}” is not valid.`);
  const arrow = line.indexOf('-->');
  if (arrow < 0) throw invalid();
  if (!isSpace(line[arrow - 1]) || !isSpace(line[arrow + 3])) {
    // SRT files often write `-->` without spaces around it; WebVTT requires them.
    if (format === 'vtt') throw invalid();
  }
  const startText = line.slice(0, arrow).trim();
  const rest = line.slice(arrow + 3).trimStart();
  let cut = 0;
  while (cut < rest.length && !isSpace(rest[cut])) cut += 1;
  const endText = rest.slice(0, cut);
  const startMs = parseTime(startText, format);
  const endMs = parseTime(endText, format);
  if (startMs === null || endMs === null) throw invalid();
  if (endMs <= startMs) {
    throw new SubtitleError(
      lineNumber,
      `the cue ends (${formatVttTime(endMs)}) before it starts (${formatVttTime(startMs)}). A cue must end after it starts.`,
    );
  }
  // SRT has no cue settings; what follows the end time there (e.g. `X1:…` positions) is dropped.
  const settings = format === 'vtt' ? cleanSettings(rest.slice(cut)) : '';
  return { startMs, endMs, settings };
}

const SETTING =
  /^(vertical:(?:rl|lr)|line:-?\d{1,3}(?:\.\d{1,3})?%?(?:,(?:start|center|end))?|position:\d{1,3}(?:\.\d{1,3})?%(?:,(?:line-left|center|line-right))?|size:\d{1,3}(?:\.\d{1,3})?%|align:(?:start|center|end|left|right)|region:[A-Za-z0-9_-]{1,32})$/;

/** The settings WebVTT knows, each well-formed; anything else is left out. */
function cleanSettings(text: string): string {
  return text
    .split(/[ \t]+/)
    .filter((token) => token.length > 0 && token.length <= 48 && SETTING.test(token))
    .join(' ');
}

// --- Cue text ---------------------------------------------------------------------------------------

/** Whether a character is a C0 control (other than tab) or DEL: never part of a caption. */
export const isControlCharacter = (code: number) => (code < 0x20 && code !== 0x09) || code === 0x7f;

function withoutControlCharacters(line: string): string {
  let out = '';
  for (let index = 0; index < line.length; index += 1) {
    if (!isControlCharacter(line.charCodeAt(index))) out += line[index];
  }
  return out;
}

const KEPT_TAG = /^(\/?)(i|b|u|c|v|lang|ruby|rt)((?:\.[A-Za-z0-9_-]{1,32}){0,8})(?:[ \t]+([^<>]{0,200}))?$/;
const TIMESTAMP_TAG = /^(?:\d{2,3}:)?[0-5]\d:[0-5]\d\.\d{3}$/;
const ENTITY = /^&(?:amp|lt|gt|lrm|rlm|nbsp|#\d{1,7}|#x[0-9A-Fa-f]{1,6});/;
/** Elements whose content is not text to show: dropped with it. */
const DROPPED_ELEMENTS = ['script', 'style'];

function cleanTag(inside: string): string {
  if (inside.length > 300) return '';
  const trimmed = inside.trim();
  if (TIMESTAMP_TAG.test(trimmed)) return `<${trimmed}>`;
  const match = KEPT_TAG.exec(trimmed);
  if (!match) return '';
  const [, slash = '', name = '', classes = '', annotation = ''] = match;
  if (slash) return `</${name}>`;
  // Only a voice (a speaker's name) and a language (its tag) carry an annotation.
  const kept = name === 'v' || name === 'lang' ? annotation.replace(/[&"'`]/g, '').trim() : '';
  return kept ? `<${name}${classes} ${kept}>` : `<${name}${classes}>`;
}

/**
 * One cue's text with only WebVTT's own markup left: known tags kept, any other tag dropped (a
 * `<script>` or `<style>` with its content), a stray `<` or `&` escaped. One pass over the text.
 */
export function cleanCueText(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  let position = 0;
  // Where the next `>` is; -1 once there is none left, so a run of `<` is not rescanned.
  let nextClose = text.indexOf('>');
  while (position < text.length) {
    const char = text[position] as string;
    if (char === '<') {
      if (nextClose !== -1 && nextClose < position) nextClose = text.indexOf('>', position);
      const next = text.indexOf('<', position + 1);
      // A `<` that opens no tag (`1 < 2`, `<<`) is a character of the text.
      if (nextClose === -1 || (next !== -1 && next < nextClose) || !/^[/A-Za-z0-9]/.test(text[position + 1] ?? '')) {
        out += '&lt;';
        position += 1;
        continue;
      }
      const inside = text.slice(position + 1, nextClose);
      const element = /^([A-Za-z]+)/.exec(inside)?.[1]?.toLowerCase();
      if (element && DROPPED_ELEMENTS.includes(element)) {
        const closing = lower.indexOf(`</${element}`, nextClose + 1);
        if (closing === -1) break;
        const end = text.indexOf('>', closing);
        if (end === -1) break;
        position = end + 1;
        continue;
      }
      out += cleanTag(inside);
      position = nextClose + 1;
    } else if (char === '&') {
      const entity = ENTITY.exec(text.slice(position, position + 12))?.[0];
      out += entity ?? '&amp;';
      position += entity ? entity.length : 1;
    } else if (char === '>') {
      out += '&gt;';
      position += 1;
    } else {
      // A run of plain characters at once.
      let end = position + 1;
      while (end < text.length && text[end] !== '<' && text[end] !== '&' && text[end] !== '>') end += 1;
      out += text.slice(position, end);
      position = end;
    }
  }
  return out
    .split('\n')
    .map((line) => withoutControlCharacters(line).trimEnd())
    .filter((line) => line.replace(/<[^>]*>/g, '').trim() !== '')
    .join('\n');
}

// --- Files ------------------------------------------------------------------------------------------

interface Block {
  /** 1-based number of the block's first line in the file as uploaded. */
  firstLine: number;
  lines: string[];
}

/** Lines grouped into blocks separated by blank lines. */
function blocksOf(lines: string[], from: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let index = from; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { firstLine: index + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  }
  return blocks;
}

function detectFormat(lines: string[]): SubtitleFormat {
  const first = lines[0] ?? '';
  if (/^WEBVTT(?:$|[ \t])/.test(first)) return 'vtt';
  const firstText = lines.findIndex((line) => line.trim() !== '');
  const opening = (lines[firstText] ?? '').trim();
  if (firstText >= 0 && (/^\d{1,9}$/.test(opening) || opening.includes('-->'))) return 'srt';
  throw new SubtitleError(
    firstText >= 0 ? firstText + 1 : 1,
    'the file is neither WebVTT (it would start with “WEBVTT”) nor SRT (it would start with a cue number). Upload a .vtt or .srt file.',
  );
}

function cuesOf(blocks: Block[], format: SubtitleFormat): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const block of blocks) {
    const [first = '', second] = block.lines;
    let timingIndex: number;
    if (first.includes('-->')) timingIndex = 0;
    else if (second?.includes('-->')) timingIndex = 1;
    else if (format === 'vtt' && /^(NOTE|STYLE|REGION)(?:$|[ \t])/.test(first)) continue;
    else {
      const expected = format === 'srt' ? '00:00:01,000 --> 00:00:02,500' : '00:00:01.000 --> 00:00:02.500';
      const at = block.lines.length > 1 ? block.firstLine + 1 : block.firstLine;
      const shown = block.lines.length > 1 ? (second as string) : first;
      throw new SubtitleError(
        at,
        `a cue timing such as “${expected}” was expected here, not “${excerpt(shown.trim())}”.`,
      );
    }
    if (format === 'srt' && timingIndex === 1 && !/^\d{1,9}$/.test(first.trim())) {
      throw new SubtitleError(block.firstLine, `the cue number “${excerpt(first.trim())}” is not a number.`);
    }
    const timing = parseTiming(block.lines[timingIndex] as string, block.firstLine + timingIndex, format);
    const textLines = block.lines.slice(timingIndex + 1);
    const arrowAt = textLines.findIndex((line) => line.includes('-->'));
    if (arrowAt >= 0) {
      throw new SubtitleError(
        block.firstLine + timingIndex + 1 + arrowAt,
        'a cue timing follows a cue without a blank line between them.',
      );
    }
    const joined = textLines.join('\n');
    // SRT editors' position codes (`{\an8}`) are not text.
    const text = cleanCueText(format === 'srt' ? joined.replace(/\{\\[^{}\n]{0,40}\}/g, '') : joined);
    if (text === '') continue;
    cues.push({ ...timing, text });
    if (cues.length > SUBTITLE_MAX_CUES) {
      throw new SubtitleError(
        block.firstLine,
        `the file has more than ${SUBTITLE_MAX_CUES} cues. An episode needs far fewer; check the file.`,
      );
    }
  }
  return cues;
}

/** The WebVTT text of cleaned cues. */
export function toVtt(cues: readonly SubtitleCue[]): string {
  const body = cues.map(
    (cue) =>
      `${formatVttTime(cue.startMs)} --> ${formatVttTime(cue.endMs)}${cue.settings ? ` ${cue.settings}` : ''}\n${cue.text}`,
  );
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}

/**
 * Reads an uploaded `.vtt` or `.srt` text into cleaned WebVTT, or says what is wrong and where. Cues
 * are put in the order they start (players expect it; editors sometimes save them otherwise).
 */
export function parseSubtitles(text: string): SubtitleParse {
  try {
    if (Buffer.byteLength(text, 'utf8') > SUBTITLE_MAX_BYTES) {
      throw new SubtitleError(
        null,
        `The subtitle file is larger than ${SUBTITLE_MAX_BYTES / 1024} KiB. An episode’s subtitles are a few KiB; check the file.`,
      );
    }
    const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    if (lines.every((line) => line.trim() === '')) {
      throw new SubtitleError(null, 'The subtitle file is empty.');
    }
    if (text.includes('\0')) {
      const line = lines.findIndex((candidate) => candidate.includes('\0')) + 1;
      throw new SubtitleError(line, 'the file contains a NUL character; it is not a text file.');
    }
    const format = detectFormat(lines);
    // WebVTT: the header runs to the first blank line (its metadata lines are not kept).
    const bodyStart = format === 'vtt' ? lines.findIndex((line) => line.trim() === '') : 0;
    const headerEnd = bodyStart === -1 ? lines.length : bodyStart;
    const early = format === 'vtt' ? lines.slice(0, headerEnd).findIndex((line) => line.includes('-->')) : -1;
    if (early >= 0)
      throw new SubtitleError(early + 1, 'a blank line must separate the “WEBVTT” line from the first cue.');
    const cues = bodyStart === -1 ? [] : cuesOf(blocksOf(lines, bodyStart), format);
    if (cues.length === 0) throw new SubtitleError(null, 'The subtitle file has no cues with text in it.');
    const ordered = cues
      .map((cue, index) => ({ cue, index }))
      .sort((a, b) => a.cue.startMs - b.cue.startMs || a.index - b.index)
      .map(({ cue }) => cue);
    return { ok: true, format, vtt: toVtt(ordered), cues: ordered };
  } catch (error) {
    if (error instanceof SubtitleError) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}
