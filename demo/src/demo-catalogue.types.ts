/**
 * The demo catalogue as data: what `generateDemoMedia` produces on disk and what the seed writes into
 * the database. Media paths are relative to the media root and served under `/media/`.
 */
export interface DemoCategory {
  name: string;
  slug: string;
  icon: string; // an emoji
  color: string; // #rrggbb
}

export interface DemoEpisode {
  episodeNumber: number;
  seasonNumber: number;
  title: string;
  description: string;
  durationSeconds: number;
  /** Where the closing credits start, in seconds: an episode counts as watched from there. */
  creditsStartSeconds: number;
  isFree: boolean;
  coinCost: number; // 0 when free
  hlsPath: string; // e.g. 'demo/midnight-vows/ep1/master.m3u8'
  videoPath: string | null; // a progressive MP4 when one exists
  thumbnailPath: string; // e.g. 'demo/midnight-vows/ep1/thumb.jpg'
  posterPath: string; // the poster frame of the episode
}

export interface DemoSeries {
  title: string;
  titleEn: string;
  slug: string;
  description: string;
  categorySlugs: string[];
  tags: string[];
  year: number;
  rating: number; // 0–10 with one decimal
  isGoldExclusive: boolean;
  isFeatured: boolean;
  isTrending: boolean;
  isTop: boolean;
  posterPath: string; // 2:3
  coverPath: string; // 9:16 or 2:3 cover
  bannerPath: string; // 16:9
  sliderPath: string; // wide hero slide
  episodes: DemoEpisode[];
}

export interface DemoCatalogue {
  version: number;
  categories: DemoCategory[];
  series: DemoSeries[];
}
