/**
 * Subtitles inside an episode's HLS package (issue #21), as signed playback serves them: the master
 * playlist names one `#EXT-X-MEDIA:TYPE=SUBTITLES` rendition per track, every variant joins the group,
 * and each rendition is a VOD media playlist whose one segment is the track's whole WebVTT file.
 *
 * MPEG-TS packages (what hls-transcode.ts writes) start their clock where the muxer put it (ffmpeg:
 * 1.4 s), not at 0, and HLS reads a WebVTT file without `X-TIMESTAMP-MAP` as if cue time 0 were
 * MPEG-TS time 0 (RFC 8216, 3.5), which would show every caption that much early. So the WebVTT
 * served maps cue time 0 to the first presentation time of the package's first segment. fMP4 packages
 * need no map. Pure functions; signed-playback.ts reads the files.
 */
import { SUBTITLE_GROUP_ID } from '@cliffhanger/shared/subtitles';

export interface RenditionTrack {
  language: string;
  label: string;
}

/** Where the virtual subtitle files live in a package: `subtitles/<language>.m3u8|vtt`. */
export const SUBTITLE_PATH = /^subtitles\/([^/]+)\.(m3u8|vtt)$/;

export const subtitlePlaylistPath = (language: string) => `subtitles/${language}.m3u8`;

/** A quoted-string attribute value: no `"`, CR or LF may appear in one (RFC 8216, 4.2). */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, "'")}"`;

/** Whether a playlist is a master playlist (it lists variants). */
export const isMasterPlaylist = (text: string) => /^#EXT-X-STREAM-INF:/m.test(text);

/**
 * The master playlist with the subtitle renditions added before the first variant and every variant
 * joined to their group. Addresses are relative to the master; signing adds the grant afterwards.
 */
export function addSubtitleRenditions(master: string, tracks: readonly RenditionTrack[]): string {
  if (tracks.length === 0 || !isMasterPlaylist(master)) return master;
  const media = tracks.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=${quoted(SUBTITLE_GROUP_ID)},LANGUAGE=${quoted(track.language)},` +
      `NAME=${quoted(track.label)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(subtitlePlaylistPath(track.language))}`,
  );
  const lines = master.split('\n');
  const out: string[] = [];
  let added = false;
  for (const line of lines) {
    const bare = line.replace(/\r$/, '');
    if (bare.startsWith('#EXT-X-MEDIA:') && /TYPE=SUBTITLES/.test(bare)) continue;
    if (bare.startsWith('#EXT-X-STREAM-INF:')) {
      if (!added) {
        out.push(...media);
        added = true;
      }
      const attributes = bare.replace(/,SUBTITLES="[^"]*"/, '');
      out.push(`${attributes},SUBTITLES=${quoted(SUBTITLE_GROUP_ID)}`);
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/**
 * A subtitle rendition's media playlist: one segment, the whole WebVTT file, as long as the episode.
 * `vttAddress` is the segment's address relative to the playlist, already signed.
 */
export function subtitlePlaylist(durationSeconds: number, vttAddress: string): string {
  const seconds = Math.max(1, durationSeconds);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    vttAddress,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** The WebVTT with cue time 0 mapped to `mpegTs` (90 kHz), or as stored when there is none. */
export function withTimestampMap(vtt: string, mpegTs: number | null): string {
  if (mpegTs === null) return vtt;
  const firstLineEnd = vtt.indexOf('\n');
  const header = firstLineEnd === -1 ? vtt : vtt.slice(0, firstLineEnd);
  const rest = firstLineEnd === -1 ? '\n' : vtt.slice(firstLineEnd);
  return `${header}\nX-TIMESTAMP-MAP=MPEGTS:${mpegTs},LOCAL:00:00:00.000${rest}`;
}

// --- The package's timeline ----------------------------------------------------------------------

/** The first variant a master playlist lists (its address as written), or null. */
export function firstVariant(master: string): string | null {
  const lines = master.split('\n').map((line) => line.trim());
  const at = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  if (at === -1) return null;
  return lines.slice(at + 1).find((line) => line !== '' && !line.startsWith('#')) ?? null;
}

export interface MediaPlaylistFacts {
  /** The sum of the segments' durations, in seconds. */
  durationSeconds: number;
  /** The first segment's address as written, or null. */
  firstSegment: string | null;
  /** Whether segments are fMP4 (an `#EXT-X-MAP` init segment) or encrypted: no MPEG-TS clock to read. */
  opaque: boolean;
}

export function mediaPlaylistFacts(playlist: string): MediaPlaylistFacts {
  let durationSeconds = 0;
  let firstSegment: string | null = null;
  let opaque = false;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
      if (Number.isFinite(seconds) && seconds > 0) durationSeconds += seconds;
    } else if (line.startsWith('#EXT-X-MAP:') || (line.startsWith('#EXT-X-KEY:') && !/METHOD=NONE/.test(line))) {
      opaque = true;
    } else if (line !== '' && !line.startsWith('#') && firstSegment === null) {
      firstSegment = line;
    }
  }
  return { durationSeconds, firstSegment, opaque };
}

const TS_PACKET = 188;

/**
 * The earliest presentation time stamp (90 kHz) of the PES packets in an MPEG-TS segment, or null when
 * the bytes are not MPEG-TS or carry none. One pass over the packets.
 */
export function firstPresentationTime(data: Uint8Array): number | null {
  let earliest: number | null = null;
  for (let offset = 0; offset + TS_PACKET <= data.length; offset += TS_PACKET) {
    if (data[offset] !== 0x47) return earliest;
    const unitStart = ((data[offset + 1] as number) & 0x40) !== 0;
    const adaptation = ((data[offset + 3] as number) >> 4) & 0x3;
    if (!unitStart || adaptation === 0 || adaptation === 2) continue;
    let payload = offset + 4;
    if (adaptation === 3) payload += 1 + (data[payload] as number);
    if (payload + 14 > offset + TS_PACKET) continue;
    // A PES packet (PSI tables such as the PAT start otherwise).
    if (data[payload] !== 0 || data[payload + 1] !== 0 || data[payload + 2] !== 1) continue;
    const hasPts = ((data[payload + 7] as number) & 0x80) !== 0;
    if (!hasPts) continue;
    const at = payload + 9;
    const b = (index: number) => data[at + index] as number;
    const pts =
      (b(0) & 0x0e) * 536_870_912 + b(1) * 4_194_304 + (b(2) & 0xfe) * 16_384 + b(3) * 128 + (b(4) & 0xfe) / 2;
    earliest = earliest === null ? pts : Math.min(earliest, pts);
  }
  return earliest;
}
