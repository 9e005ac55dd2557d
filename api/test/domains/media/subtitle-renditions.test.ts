/**
 * The pieces of an HLS package that carry subtitles, as players read them: renditions in the master,
 * a one-segment playlist per track, and WebVTT whose cue time 0 is where the video's clock starts.
 */
import {
  addSubtitleRenditions,
  firstPresentationTime,
  firstVariant,
  mediaPlaylistFacts,
  subtitlePlaylist,
  withTimestampMap,
} from '../../../src/domains/media/subtitle-renditions';

const MASTER =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv0/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nv1/index.m3u8\n';

describe('subtitle renditions in the master playlist', () => {
  it('adds nothing when the episode has no track, or to a media playlist', () => {
    expect(addSubtitleRenditions(MASTER, [])).toBe(MASTER);
    const media = '#EXTM3U\n#EXTINF:2,\nseg.ts\n';
    expect(addSubtitleRenditions(media, [{ language: 'en', label: 'English' }])).toBe(media);
  });

  it('puts the renditions before the first variant and the group on every variant', () => {
    expect(addSubtitleRenditions(MASTER, [{ language: 'pt-BR', label: 'Português (Brasil)' }])).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="pt-BR",NAME="Português (Brasil)",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subtitles/pt-BR.m3u8"\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"\nv0/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2,SUBTITLES="subs"\nv1/index.m3u8\n',
    );
  });

  it('replaces subtitle renditions a package brought with it, so only the episode’s tracks are offered', () => {
    const packaged =
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="old",NAME="x",URI="old.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="old"\nv0.m3u8\n';
    const out = addSubtitleRenditions(packaged, [{ language: 'en', label: 'English' }]);
    expect(out).not.toContain('old');
    expect(out).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"');
  });

  it('never lets a label break out of its quoted attribute', () => {
    const out = addSubtitleRenditions(MASTER, [{ language: 'en', label: 'A "quote"\nURI="x"' }]);
    expect(out).toContain(`NAME="A 'quote''URI='x'"`);
    expect(out.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA'))).toHaveLength(1);
  });
});

describe('the subtitle media playlist', () => {
  it('is VOD with one segment no longer than its target duration', () => {
    expect(subtitlePlaylist(97.6, 'en.vtt?t=g')).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:98\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:97.600,\nen.vtt?t=g\n#EXT-X-ENDLIST\n',
    );
    expect(subtitlePlaylist(0, 'en.vtt')).toContain('#EXT-X-TARGETDURATION:1\n');
  });
});

describe('the WebVTT served', () => {
  it('maps cue time 0 to the MPEG-TS clock in its header, or stays as stored', () => {
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n';
    expect(withTimestampMap(vtt, 126_000)).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:02.000\nHi\n',
    );
    expect(withTimestampMap(vtt, null)).toBe(vtt);
  });
});

describe('reading a package', () => {
  it('finds the first variant and the first segment, its length and whether its clock can be read', () => {
    expect(firstVariant(MASTER)).toBe('v0/index.m3u8');
    expect(firstVariant('#EXTM3U\n#EXTINF:1,\nseg.ts\n')).toBeNull();
    expect(
      mediaPlaylistFacts('#EXTM3U\n#EXTINF:2.0,\nseg_010.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.5,\nseg_003.ts\n'),
    ).toEqual({ durationSeconds: 3.5, firstSegment: 'seg_010.ts', opaque: false });
    expect(mediaPlaylistFacts('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\nseg.m4s\n').opaque).toBe(true);
    expect(mediaPlaylistFacts('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXTINF:2,\nseg.ts\n').opaque).toBe(true);
  });

  it('reads no clock from bytes that are not MPEG-TS', () => {
    expect(firstPresentationTime(Buffer.from('0123456789abcdef'))).toBeNull();
    expect(firstPresentationTime(Buffer.alloc(188 * 3, 0x47))).toBeNull();
    expect(firstPresentationTime(Buffer.alloc(0))).toBeNull();
  });

  it('reads a 33-bit presentation time stamp', () => {
    const packet = Buffer.alloc(188, 0xff);
    const pts = 2 ** 33 - 2;
    packet.set([0x47, 0x41, 0x00, 0x10, 0x00, 0x00, 0x01, 0xe0, 0x00, 0x00, 0x80, 0x80, 0x05], 0);
    const high = Math.floor(pts / 2 ** 30);
    const low = pts % 2 ** 30;
    packet.set(
      [0x21 | (high << 1), (low >> 22) & 0xff, ((low >> 14) & 0xfe) | 1, (low >> 7) & 0xff, ((low << 1) & 0xfe) | 1],
      13,
    );
    expect(firstPresentationTime(packet)).toBe(pts);
  });
});
