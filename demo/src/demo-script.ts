/**
 * The demo catalogue as written: categories, series and their episodes, with everything a person
 * reads (titles, descriptions, tags) and the flags the storefront shelves are built from. The media
 * generator turns this into files and a {@link DemoCatalogue}; nothing here refers to disk.
 *
 * Pricing follows the product's model: the first episodes of every series are free, the rest are
 * unlocked with coins, and Gold-exclusive series are shown only to Gold members.
 */
import type { DemoCategory } from './demo-catalogue.types';

export interface DemoPalette {
  from: string; // #rrggbb, gradient start
  to: string; // gradient end
  accent: string; // glows, badges, the moving element in the episode video
}

export interface DemoEpisodeScript {
  title: string;
  description: string;
}

export interface DemoSeriesScript {
  slug: string;
  title: string;
  titleEn: string;
  /** One line for cards and the video title screen. */
  tagline: string;
  description: string;
  categorySlugs: string[];
  tags: string[];
  year: number;
  rating: number;
  isGoldExclusive: boolean;
  isFeatured: boolean;
  isTrending: boolean;
  isTop: boolean;
  /** Coins for each locked episode before the finale. */
  coinCost: number;
  palette: DemoPalette;
  episodes: DemoEpisodeScript[];
}

export interface DemoScript {
  categories: DemoCategory[];
  series: DemoSeriesScript[];
}

/** Episodes 1..DEMO_FREE_EPISODES of every series are free. */
export const DEMO_FREE_EPISODES = 3;
export const DEMO_MIN_COIN_COST = 5;
export const DEMO_MAX_COIN_COST = 15;
/** The finale costs this much more than the other locked episodes, within the maximum. */
export const DEMO_FINALE_SURCHARGE = 3;

/** What an episode costs: 0 when free, the series price otherwise, a little more for the finale. */
export function demoEpisodeCoinCost(
  series: Pick<DemoSeriesScript, 'coinCost' | 'episodes'>,
  episodeNumber: number,
): number {
  if (episodeNumber <= DEMO_FREE_EPISODES) return 0;
  const base = Math.min(DEMO_MAX_COIN_COST, Math.max(DEMO_MIN_COIN_COST, series.coinCost));
  return episodeNumber === series.episodes.length ? Math.min(DEMO_MAX_COIN_COST, base + DEMO_FINALE_SURCHARGE) : base;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: 'Romance', slug: 'romance', icon: '💘', color: '#ff4f8b' },
  { name: 'Revenge', slug: 'revenge', icon: '🗡️', color: '#e0393e' },
  { name: 'CEO & Billionaire', slug: 'ceo', icon: '💼', color: '#d4a72c' },
  { name: 'Fantasy', slug: 'fantasy', icon: '🐉', color: '#8b5cf6' },
  { name: 'Thriller', slug: 'thriller', icon: '🔪', color: '#0ea5e9' },
  { name: 'Comedy', slug: 'comedy', icon: '😂', color: '#f59e0b' },
  { name: 'Family', slug: 'family', icon: '🏡', color: '#22c55e' },
  { name: 'Werewolf & Vampire', slug: 'supernatural', icon: '🌕', color: '#6366f1' },
];

export const DEMO_SERIES: DemoSeriesScript[] = [
  {
    slug: 'midnight-vows',
    title: 'Midnight Vows',
    titleEn: 'Midnight Vows',
    tagline: 'A contract bride. A heart that was never part of the deal.',
    description:
      'To save her father’s bakery, Lena signs a one-year marriage contract with the coldest CEO in the city. The contract has one rule: never fall in love — and he is the first to break it.',
    categorySlugs: ['romance', 'ceo'],
    tags: ['contract marriage', 'CEO', 'slow burn', 'sweet'],
    year: 2024,
    rating: 8.7,
    isGoldExclusive: false,
    isFeatured: true,
    isTrending: false,
    isTop: true,
    coinCost: 8,
    palette: { from: '#3a0b2e', to: '#0b1a3a', accent: '#ff4f8b' },
    episodes: [
      {
        title: 'The Offer',
        description: 'Drowning in her father’s debts, Lena is handed a contract by a stranger in a black suit.',
      },
      {
        title: 'Signed at Midnight',
        description: 'A rushed ceremony, a ring that does not fit and a husband who will not look at her.',
      },
      {
        title: 'House Rules',
        description: 'Separate rooms, separate lives — until a thunderstorm knocks out the power.',
      },
      {
        title: 'The Ex Arrives',
        description: 'Adrian’s former fiancée walks into the family dinner and calls Lena “the help”.',
      },
      {
        title: 'Breakfast for Two',
        description: 'Lena bakes at dawn to forget him; he starts waking up early to catch her.',
      },
      {
        title: 'A Photograph',
        description: 'A newspaper photo of their kiss makes the marriage real to everyone but them.',
      },
      {
        title: 'Clause Nine',
        description: 'Lena finds the page of the contract she was never shown — and who wrote it.',
      },
      {
        title: 'Vows, Again',
        description: 'At the gala where the contract ends, Adrian kneels with a ring that finally fits.',
      },
    ],
  },
  {
    slug: 'the-heiress-returns',
    title: 'The Heiress Returns',
    titleEn: 'The Heiress Returns',
    tagline: 'They threw her out. She came back owning the building.',
    description:
      'Swapped at birth and cast out on her eighteenth birthday, Mia returns ten years later as the anonymous buyer of the family empire. Every guest at the anniversary gala is about to learn her name.',
    categorySlugs: ['revenge', 'family'],
    tags: ['hidden identity', 'heiress', 'face-slapping', 'strong heroine'],
    year: 2024,
    rating: 8.9,
    isGoldExclusive: false,
    isFeatured: true,
    isTrending: true,
    isTop: true,
    coinCost: 10,
    palette: { from: '#2b0a0a', to: '#1a1a2e', accent: '#f5c451' },
    episodes: [
      {
        title: 'Thrown Out',
        description: 'On her eighteenth birthday a DNA test turns Mia from daughter to stranger in one evening.',
      },
      {
        title: 'Ten Years Later',
        description: 'A black car stops outside the Harrington tower and a woman in white steps out.',
      },
      {
        title: 'The New Intern',
        description: 'Mia joins the company under a false name and is assigned to fetch her sister’s coffee.',
      },
      {
        title: 'The Gala List',
        description: 'The anniversary gala needs a sponsor, and the only offer comes from a company nobody knows.',
      },
      {
        title: 'A Familiar Necklace',
        description: 'Her mother recognises the pendant she gave a baby girl twenty-eight years ago.',
      },
      {
        title: 'The Board Vote',
        description: 'Shares change hands overnight and the chairman’s seat is suddenly in play.',
      },
      { title: 'Unmasked', description: 'Her sister tears the badge from Mia’s jacket in front of the whole floor.' },
      {
        title: 'The Owner',
        description: 'At the gala microphone, Mia introduces herself — as the one who now owns everything.',
      },
    ],
  },
  {
    slug: 'the-ceos-secret-twins',
    title: 'The CEO’s Secret Twins',
    titleEn: 'The CEO’s Secret Twins',
    tagline: 'Five years ago she vanished. Today two little geniuses found their father.',
    description:
      'Five years after one night she cannot remember, Chloe comes home with twin boys who can hack any system. They have already chosen their father: the billionaire who has been searching for her ever since.',
    categorySlugs: ['ceo', 'romance', 'family'],
    tags: ['secret baby', 'twins', 'billionaire', 'cute kids'],
    year: 2025,
    rating: 8.5,
    isGoldExclusive: true,
    isFeatured: false,
    isTrending: true,
    isTop: false,
    coinCost: 12,
    palette: { from: '#0d1b2a', to: '#3d2c00', accent: '#ffd166' },
    episodes: [
      {
        title: 'Flight Home',
        description: 'Chloe lands with two five-year-olds and a job interview she cannot afford to miss.',
      },
      { title: 'Wrong Elevator', description: 'The twins slip away and ride straight up to the CEO’s private floor.' },
      { title: 'Same Eyes', description: 'Ethan Blake looks at the boys and sees his own face looking back.' },
      {
        title: 'A Hacked Screen',
        description: 'Every monitor in Blake Tower shows one message: “Be nice to our mom.”',
      },
      { title: 'The Paternity Test', description: 'Ethan orders a test; the twins have already swapped the samples.' },
      { title: 'Grandmother’s Rules', description: 'The Blake matriarch wants the children — and Chloe gone.' },
      {
        title: 'That Night',
        description: 'Chloe finally remembers the hotel, the storm and the man who kept her safe.',
      },
      {
        title: 'Family Portrait',
        description: 'Four people, one photograph and a proposal the twins planned down to the minute.',
      },
    ],
  },
  {
    slug: 'alpha-of-the-silver-moon',
    title: 'Alpha of the Silver Moon',
    titleEn: 'Alpha of the Silver Moon',
    tagline: 'Rejected by her mate. Chosen by the moon.',
    description:
      'Rejected by her mate in front of the whole pack, Ivy runs into the forest on the night of the silver moon and wakes with a power no wolf has held for a thousand years. Now the Alpha who cast her aside is the one begging.',
    categorySlugs: ['supernatural', 'romance', 'fantasy'],
    tags: ['werewolf', 'rejected mate', 'second chance', 'power awakening'],
    year: 2024,
    rating: 8.8,
    isGoldExclusive: true,
    isFeatured: true,
    isTrending: false,
    isTop: false,
    coinCost: 12,
    palette: { from: '#0b1026', to: '#1f2a44', accent: '#c7d2fe' },
    episodes: [
      {
        title: 'Rejected',
        description: 'Alpha Kane rejects Ivy in front of the pack on the night she turns eighteen.',
      },
      { title: 'Into the Woods', description: 'Ivy runs past the border stones, where no wolf has returned from.' },
      { title: 'The Silver Mark', description: 'She wakes under a full moon with a mark that glows on her wrist.' },
      { title: 'Rogue Territory', description: 'The rogues who capture her kneel when they see the mark.' },
      {
        title: 'The Lycan King',
        description: 'A king of an older bloodline offers her a throne and asks for nothing.',
      },
      { title: 'Pack War', description: 'Kane’s pack is under siege, and only one wolf can stop the slaughter.' },
      { title: 'A Mate’s Plea', description: 'Kane kneels at her feet and asks for the second chance he never gave.' },
      { title: 'Moonrise', description: 'Ivy chooses her own path as the silver moon rises over both packs.' },
    ],
  },
  {
    slug: 'the-last-witness',
    title: 'The Last Witness',
    titleEn: 'The Last Witness',
    tagline: 'Four witnesses saw the murder. Three are already dead.',
    description:
      'Night-shift nurse June is the last living witness to a murder the police say never happened. With a killer counting down the days, she has to prove what she saw before the next shift ends.',
    categorySlugs: ['thriller'],
    tags: ['murder mystery', 'suspense', 'detective', 'plot twist'],
    year: 2025,
    rating: 8.4,
    isGoldExclusive: false,
    isFeatured: false,
    isTrending: true,
    isTop: false,
    coinCost: 7,
    palette: { from: '#05161a', to: '#0f2f3a', accent: '#38e1d1' },
    episodes: [
      {
        title: '3:14 a.m.',
        description: 'From the hospital window June sees a man pushed from the parking deck across the street.',
      },
      { title: 'No Body', description: 'The police find nothing — no body, no blood, no missing person.' },
      {
        title: 'The Second Witness',
        description: 'A taxi driver who saw the same thing is found dead the next morning.',
      },
      { title: 'Detective Shaw', description: 'A suspended detective is the only one willing to believe her.' },
      { title: 'Visitor in Room 12', description: 'A patient who should not be awake asks June if she saw his face.' },
      { title: 'Security Footage', description: 'The missing tape shows the killer wearing a hospital badge.' },
      { title: 'Lockdown', description: 'The ward is sealed for a drill, and June is locked in with the killer.' },
      { title: 'The Last Shift', description: 'June sets a trap with the only thing the killer wants: her.' },
    ],
  },
  {
    slug: 'divorced-and-dangerous',
    title: 'Divorced and Dangerous',
    titleEn: 'Divorced and Dangerous',
    tagline: 'He wanted a quiet divorce. She wanted everything.',
    description:
      'After seven years of being the perfect wife, Claire is handed divorce papers on their anniversary. He expected tears; he gets the woman who built his company and knows where every secret is buried.',
    categorySlugs: ['revenge', 'romance'],
    tags: ['divorce', 'cheating husband', 'glow-up', 'revenge'],
    year: 2023,
    rating: 8.6,
    isGoldExclusive: false,
    isFeatured: true,
    isTrending: false,
    isTop: false,
    coinCost: 9,
    palette: { from: '#240b1a', to: '#3a1020', accent: '#ff6b6b' },
    episodes: [
      { title: 'Anniversary Gift', description: 'Claire opens a silver box and finds the divorce papers inside.' },
      { title: 'Signed', description: 'She signs without a word, and asks for only one thing: the old laptop.' },
      { title: 'New Haircut', description: 'Three days later, the ex-wife walks into his rival’s boardroom.' },
      {
        title: 'The Mistress',
        description: 'The new girlfriend wants Claire’s house, Claire’s car and Claire’s friends.',
      },
      { title: 'Old Files', description: 'The laptop holds seven years of accounts he thought she never read.' },
      { title: 'The Lawyer', description: 'A sharp divorce lawyer takes her case — and takes an interest in her.' },
      { title: 'Court Day', description: 'His lawyers are ready for a crying wife; she brings a spreadsheet.' },
      { title: 'Free', description: 'Claire walks out of court with the company and an invitation to dinner.' },
    ],
  },
  {
    slug: 'my-fake-fiance-is-a-prince',
    title: 'My Fake Fiancé Is a Prince',
    titleEn: 'My Fake Fiancé Is a Prince',
    tagline: 'She hired a fake fiancé for one weekend. He came with a kingdom.',
    description:
      'Desperate to survive her sister’s wedding, Rosie hires a charming stranger to play her fiancé for one weekend. He is very good at it — suspiciously good — because he is the runaway crown prince of a small European country.',
    categorySlugs: ['comedy', 'romance'],
    tags: ['fake dating', 'royalty', 'rom-com', 'wedding'],
    year: 2025,
    rating: 8.2,
    isGoldExclusive: false,
    isFeatured: false,
    isTrending: false,
    isTop: false,
    coinCost: 6,
    palette: { from: '#2a1035', to: '#0e3b43', accent: '#ffb86b' },
    episodes: [
      { title: 'The Ad', description: 'Rosie posts an ad for a fake fiancé and gets exactly one reply.' },
      {
        title: 'Meet the Family',
        description: 'Her mother loves him, her father interrogates him and her sister is jealous.',
      },
      { title: 'Waltz Lesson', description: 'He dances like he was trained for it, because he was.' },
      { title: 'The Bodyguards', description: 'Two men in dark suits keep appearing behind the hedges.' },
      {
        title: 'Breaking News',
        description: 'A television in the hotel bar shows his face under the words “missing prince”.',
      },
      { title: 'Royal Summons', description: 'The queen calls, and she would like to meet the fiancée.' },
      { title: 'Confession', description: 'Rosie admits it was all fake, on live television.' },
      { title: 'Real This Time', description: 'He gives up the weekend’s script and proposes for real.' },
    ],
  },
  {
    slug: 'the-dragons-bride',
    title: 'The Dragon’s Bride',
    titleEn: 'The Dragon’s Bride',
    tagline: 'Sent as a sacrifice. Crowned as a queen.',
    description:
      'Every hundred years a village sends a bride to the dragon on the mountain, and no bride returns. This time the sacrifice is Ayla — and the dragon is a cursed prince who has been waiting for her.',
    categorySlugs: ['fantasy', 'romance'],
    tags: ['dragons', 'curse', 'beauty and the beast', 'epic'],
    year: 2024,
    rating: 8.8,
    isGoldExclusive: true,
    isFeatured: false,
    isTrending: false,
    isTop: false,
    coinCost: 14,
    palette: { from: '#1a0f00', to: '#3b0d0d', accent: '#ff8c42' },
    episodes: [
      { title: 'The Choosing', description: 'The elders draw a name, and Ayla’s sister faints before it is read.' },
      { title: 'Up the Mountain', description: 'Ayla takes her sister’s place and climbs toward the smoke.' },
      { title: 'The Hoard', description: 'Inside the cave there is no dragon — only a library and a locked door.' },
      { title: 'Scales and Skin', description: 'At sunset the prince turns into the beast he warned her about.' },
      {
        title: 'Letters of the Brides',
        description: 'Ayla reads the diaries of the brides before her and learns where they went.',
      },
      { title: 'The Hunters', description: 'The village sends hunters to kill the dragon and bring the bride home.' },
      { title: 'Dragonfire', description: 'The curse can be broken, and the price is her voice.' },
      {
        title: 'Queen of the Mountain',
        description: 'Ayla returns to the village on the back of a dragon, as its queen.',
      },
    ],
  },
  {
    slug: 'kitchen-wars',
    title: 'Kitchen Wars',
    titleEn: 'Kitchen Wars',
    tagline: 'Two rival chefs. One kitchen. Zero chill.',
    description:
      'A grandmother’s will leaves her famous noodle shop to two heirs who cannot stand each other: a fine-dining star and a street-food rebel. They must run it together for ninety days or lose it to the developer next door.',
    categorySlugs: ['comedy', 'family'],
    tags: ['cooking', 'enemies to lovers', 'feel-good', 'family business'],
    year: 2023,
    rating: 8.1,
    isGoldExclusive: false,
    isFeatured: false,
    isTrending: true,
    isTop: false,
    coinCost: 5,
    palette: { from: '#3a1a00', to: '#0f2e1a', accent: '#ffcf4d' },
    episodes: [
      { title: 'The Will', description: 'Half a noodle shop each, and a clause that forces them to share the stove.' },
      { title: 'First Service', description: 'Two menus, one dining room and a customer who orders from both.' },
      {
        title: 'Secret Broth',
        description: 'Grandma’s recipe is missing one ingredient, and each thinks the other hid it.',
      },
      { title: 'Food Critic', description: 'The city’s harshest critic books a table on the worst possible night.' },
      { title: 'The Developer', description: 'The company next door offers each of them a secret deal.' },
      { title: 'Blackout', description: 'The power fails during the dinner rush; they cook by candlelight, together.' },
      { title: 'The Contest', description: 'A televised cook-off decides who keeps the name on the sign.' },
      {
        title: 'Family Recipe',
        description: 'The missing ingredient was written on the back of a photo of them as kids.',
      },
    ],
  },
  {
    slug: 'the-stolen-years',
    title: 'The Stolen Years',
    titleEn: 'The Stolen Years',
    tagline: 'Twenty years searching. One photo changes everything.',
    description:
      'Twenty years after her daughter vanished from a crowded market, Hana sees a familiar birthmark in a stranger’s social media post. The girl in the photo is engaged to the son of the woman who took her.',
    categorySlugs: ['family', 'thriller'],
    tags: ['lost child', 'reunion', 'tearjerker', 'secrets'],
    year: 2023,
    rating: 9.0,
    isGoldExclusive: false,
    isFeatured: false,
    isTrending: false,
    isTop: true,
    coinCost: 8,
    palette: { from: '#101820', to: '#2d2a1f', accent: '#f2a65a' },
    episodes: [
      { title: 'The Market', description: 'A red balloon, a crowd and a hand that lets go for one second.' },
      { title: 'The Post', description: 'Twenty years later, a stranger’s engagement photo shows the same birthmark.' },
      { title: 'A Job Offer', description: 'Hana takes a job as a cook in the household of the groom’s family.' },
      { title: 'Lullaby', description: 'The bride hums a song that Hana made up for one little girl.' },
      { title: 'The Other Mother', description: 'The groom’s mother recognises Hana before Hana recognises her.' },
      { title: 'Hospital Records', description: 'A birth certificate with a date that cannot be true.' },
      { title: 'The Wedding Eve', description: 'Hana has one night to tell the bride who she really is.' },
      { title: 'Home', description: 'A mother and a daughter meet for the second first time.' },
    ],
  },
  {
    slug: 'queen-of-the-night-market',
    title: 'Queen of the Night Market',
    titleEn: 'Queen of the Night Market',
    tagline: 'From a dumpling stall to the boardroom that ruined her.',
    description:
      'Framed for fraud by her fiancé, a top executive loses everything and ends up selling dumplings at a night market. One stall becomes ten, ten become an empire — and her first acquisition is his company.',
    categorySlugs: ['revenge', 'ceo'],
    tags: ['rags to riches', 'betrayal', 'businesswoman', 'comeback'],
    year: 2025,
    rating: 8.3,
    isGoldExclusive: false,
    isFeatured: false,
    isTrending: false,
    isTop: false,
    coinCost: 10,
    palette: { from: '#1c0b2b', to: '#2b1b05', accent: '#ff9f1c' },
    episodes: [
      { title: 'Framed', description: 'The night before her promotion, Vivian is led out of the office in handcuffs.' },
      { title: 'Nothing Left', description: 'No job, no fiancé and one recipe from her grandmother.' },
      { title: 'Stall 47', description: 'She rents the worst stall at the night market, next to the bins.' },
      { title: 'The Queue', description: 'A food video goes viral and the queue reaches the end of the street.' },
      { title: 'The Investor', description: 'A quiet regular in a worn jacket offers to fund ten more stalls.' },
      { title: 'Proof', description: 'A former colleague brings her the email that framed her.' },
      { title: 'Hostile Bid', description: 'The dumpling empire makes an offer for her ex-fiancé’s company.' },
      { title: 'The Queen’s Table', description: 'Vivian takes the head of the boardroom table and serves dumplings.' },
    ],
  },
  {
    slug: 'the-seventh-floor',
    title: 'The Seventh Floor',
    titleEn: 'The Seventh Floor',
    tagline: 'The hotel has six floors. The elevator stops at seven.',
    description:
      'On her first night as receptionist at an old seaside hotel, Nora gets a call from room 712 — on a floor that does not exist. Every guest who answers its calls checks out a different person.',
    categorySlugs: ['thriller', 'supernatural'],
    tags: ['haunted hotel', 'mystery', 'horror', 'time loop'],
    year: 2024,
    rating: 8.5,
    isGoldExclusive: false,
    isFeatured: false,
    isTrending: false,
    isTop: false,
    coinCost: 7,
    palette: { from: '#06080f', to: '#1d1030', accent: '#a78bfa' },
    episodes: [
      { title: 'Night Shift', description: 'Nora starts work at midnight and the switchboard lights up for room 712.' },
      { title: 'Floor Seven', description: 'The elevator opens onto a corridor that smells of the sea.' },
      { title: 'The Guest Book', description: 'Every guest of room 712 signed the same name: Nora’s.' },
      { title: 'The Manager', description: 'The hotel manager has not aged since a photograph taken in 1974.' },
      { title: 'Checkout', description: 'A guest comes down from seven and no longer recognises his wife.' },
      { title: 'Loop', description: 'Nora wakes at midnight, the switchboard lights up, and the night begins again.' },
      { title: 'Room 712', description: 'She finally opens the door and finds herself waiting inside.' },
      { title: 'Last Call', description: 'To leave the hotel, Nora has to answer the phone one final time.' },
    ],
  },
];

export const DEMO_SCRIPT: DemoScript = { categories: DEMO_CATEGORIES, series: DEMO_SERIES };
