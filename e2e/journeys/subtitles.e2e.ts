/**
 * Subtitles per episode, in a real browser: staff upload an .srt in Spanish to a demo episode on its
 * edit screen and see it drawn over the preview; a viewer opens that free episode, opens Captions,
 * finds English, Russian and Spanish, picks Russian and sees Russian text on the video, and the next
 * episode, opened afresh, starts with Russian on; a browser that prefers Russian gets Russian captions
 * on by default (the series is spoken in English); and a locked episode's subtitles are refused to
 * anyone who has not unlocked it. Screenshots on a phone (390 × 844, touch) and a desktop (1440 × 900).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sessionInitScript } from '../support/accounts';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { createStaffAccount, type StaffAccount, staffLogin } from '../support/staff-accounts';
import { waitForPlayback } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
const SHOTS = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'cliffhanger-e2e-subtitles');

const RUSSIAN_LINE = 'Она нашла письмо';
const ENGLISH_LINE = 'She found the letter';
const SPANISH_LINE = 'Encontró la carta';
const vtt = (line: string) => `WEBVTT\n\n1\n00:00:00.000 --> 00:10:00.000\n${line}\n`;
const srt = (line: string) => `1\n00:00:00,000 --> 00:10:00,000\n${line}\n`;

interface Episode {
  id: number;
  series: number;
  episode_number: number;
  is_free: boolean;
  is_unlocked: boolean;
  coin_cost: number;
  hls_url: string | null;
  subtitles?: Array<{ language: string; label: string }>;
}

let browser: Browser;
let staff: StaffAccount;
let seriesId: number;
let first: Episode;
let second: Episode;
let locked: Episode;

const listOf = <T>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);

async function staffRequest(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl()}/api/admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.access}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function putSubtitles(episodeId: number, language: string, text: string, label?: string) {
  const response = await staffRequest('PUT', `/episodes/${episodeId}/subtitles/${language}/`, { text, label });
  if (!response.ok) throw new Error(`PUT subtitles ${language}: ${response.status} ${await response.text()}`);
}

/**
 * A demo series with two free episodes first and a paid one after them; the last such series, as
 * other journeys pick the first.
 */
async function demoSeries(): Promise<{ id: number; episodes: Episode[] }> {
  const all = listOf(
    (await (await fetch(`${baseUrl()}/api/series/?limit=100`)).json()) as Array<{
      id: number;
      is_gold_exclusive: boolean;
      episodes_count: number;
    }>,
  );
  for (const series of all.filter((s) => !s.is_gold_exclusive && s.episodes_count >= 4).reverse()) {
    const episodes = listOf(
      (await (await fetch(`${baseUrl()}/api/series/${series.id}/episodes/`)).json()) as Episode[],
    );
    if (episodes[0]?.is_free && episodes[1]?.is_free && episodes.some((e) => !e.is_free)) {
      return { id: series.id, episodes };
    }
  }
  throw new Error('no demo series with two free episodes and a paid one');
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  staff = await createStaffAccount('subtitler');
  const series = await demoSeries();
  seriesId = series.id;
  [first, second] = series.episodes as [Episode, Episode];
  locked = series.episodes.find((e) => !e.is_free) as Episode;
  // English and Russian come through the API; Spanish is uploaded on the screen below.
  for (const episode of [first, second, locked]) {
    await putSubtitles(episode.id, 'en', vtt(ENGLISH_LINE));
    await putSubtitles(episode.id, 'ru', vtt(RUSSIAN_LINE));
  }
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  await page.locator('#startup-loader').waitFor({ state: 'hidden', timeout: 10_000 });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Waits until the player's video shows captions in `language` with `text` on screen now. */
async function waitForCaption(page: Page, language: string, text: string, timeout = 30_000) {
  await page.waitForFunction(
    ([lang, line]) => {
      const video = document.querySelector<HTMLVideoElement>('video.player-video');
      if (!video) return false;
      const showing = [...video.textTracks].filter((track) => track.mode === 'showing');
      return (
        showing.length === 1 &&
        showing[0]?.language === lang &&
        [...(showing[0]?.activeCues ?? [])].some((cue) => (cue as VTTCue).text.includes(line as string))
      );
    },
    [language, text],
    { timeout },
  );
}

async function showingLanguages(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video.player-video');
    return [...(video?.textTracks ?? [])].filter((t) => t.mode === 'showing').map((t) => t.language);
  });
}

async function staffContext(): Promise<BrowserContext> {
  const login = await staffLogin(staff);
  const context = await browser.newContext(DESKTOP);
  await context.addInitScript(sessionInitScript(login));
  await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
  return context;
}

describe('subtitles per episode', () => {
  it('staff upload an .srt in Spanish on the episode screen and see it over the preview', async () => {
    const context = await staffContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/episodes/${first.id}/edit`);
    const panel = page.getByRole('region', { name: 'Subtitles' });
    const tracks = panel.getByRole('table', { name: 'Subtitle tracks' });
    await tracks.getByRole('cell', { name: 'Русский', exact: true }).waitFor({ timeout: 30_000 });

    await panel.getByLabel('Language', { exact: true }).selectOption('es');
    expect(await panel.getByLabel('Label').inputValue()).toBe('Español');
    const file = join(SHOTS, 'episode.es.srt');
    writeFileSync(file, srt(SPANISH_LINE));
    await panel.getByLabel('Subtitle file (.vtt or .srt)').setInputFiles(file);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/subtitles/es/'));
    await panel.getByRole('button', { name: 'Upload' }).click();
    expect((await saved).status()).toBe(201);
    await tracks.getByRole('cell', { name: 'Español', exact: true }).waitFor();

    await tracks.getByRole('button', { name: 'Preview with the Español subtitles' }).click();
    const video = panel.locator('video.admin-preview-video');
    await video.waitFor({ timeout: 30_000 });
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play().catch(() => undefined);
    });
    await page.waitForFunction(
      (line) => {
        const element = document.querySelector<HTMLVideoElement>('.admin-subtitles video');
        const track = [...(element?.textTracks ?? [])].find((t) => t.language === 'es' && t.mode === 'showing');
        return [...(track?.activeCues ?? [])].some((cue) => (cue as VTTCue).text.includes(line));
      },
      SPANISH_LINE,
      { timeout: 30_000 },
    );
    await video.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await shot(page, 'admin-preview-es-1440');
    await context.close();
  });

  it('the subtitles panel reads in Russian on a 360 px phone, nothing wider than the screen', async () => {
    const login = await staffLogin(staff);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' });
    await context.addInitScript(sessionInitScript(login));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/episodes/${first.id}/edit`);
    const panel = page.getByRole('region', { name: 'Субтитры' });
    const tracks = panel.getByRole('table', { name: 'Дорожки субтитров' });
    await tracks.getByRole('cell', { name: 'Español', exact: true }).waitFor({ timeout: 30_000 });
    await panel.getByRole('heading', { name: 'Добавить субтитры' }).waitFor();
    await panel.getByRole('button', { name: 'Загрузить' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'admin-subtitles-ru-360');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });

  it('a viewer picks Russian from Captions, sees Russian text, and the next episode opened afresh keeps it', async () => {
    const context = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${first.id}`);
    await waitForPlayback(page, 0.5);
    // English interface, a series spoken in English: no captions until the viewer asks.
    expect(await showingLanguages(page)).toEqual([]);

    const button = page.getByRole('button', { name: 'Captions (CC)', exact: true });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Captions' });
    await menu.waitFor();
    const languages = menu.getByRole('group', { name: 'Captions language' }).getByRole('menuitemradio');
    await page.waitForFunction(() => document.querySelectorAll('[role="menuitemradio"]').length >= 7);
    const names = (await languages.allTextContents()).map((text) => text.replace('✓', ''));
    expect(names[0]).toBe('Off');
    expect(names).toEqual(expect.arrayContaining(['English', 'Русский', 'Español']));
    await shot(page, 'player-menu-1440');

    await menu.getByRole('menuitemradio', { name: 'Русский' }).click();
    await waitForCaption(page, 'ru', RUSSIAN_LINE);
    expect(await page.getByRole('button', { name: 'Captions (CC): Русский' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('captions'))).toBe('ru');
    await shot(page, 'player-russian-1440');

    // The next episode, opened afresh (a reload of its own address): Russian is on at once.
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${second.id}`);
    await waitForPlayback(page, 0.5);
    await waitForCaption(page, 'ru', RUSSIAN_LINE);
    await context.close();
  });

  it('a browser that prefers Russian gets Russian captions on by default, readable on a phone', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${first.id}`);
    await waitForPlayback(page, 0.5);
    await waitForCaption(page, 'ru', RUSSIAN_LINE);
    expect(await page.evaluate(() => localStorage.getItem('captions'))).toBeNull();
    // Narrowed to the left of the rail (My list, Share, Episodes) that stands over the video's right edge.
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('video.player-video');
      const shown = [...(video?.textTracks ?? [])].find((track) => track.mode === 'showing');
      const cues = [...(shown?.activeCues ?? [])] as VTTCue[];
      return cues.length > 0 && cues.every((cue) => cue.size === 76);
    });
    await page.waitForTimeout(500);
    await shot(page, 'player-russian-default-390');

    const button = page.getByRole('button', { name: 'Субтитры (CC): Русский' });
    await button.tap();
    const menu = page.getByRole('menu', { name: 'Субтитры' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitemradio', { name: 'Русский' }).getAttribute('aria-checked')).toBe('true');
    await shot(page, 'player-menu-ru-390');
    await expectNoHorizontalOverflow(page);
    await menu.getByRole('menuitemradio', { name: 'Крупный' }).tap();
    expect(await page.locator('video.player-video').getAttribute('data-caption-size')).toBe('large');
    await menu.waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    await shot(page, 'player-russian-large-390');
    await context.close();
  });

  it('refuses a locked episode’s subtitles to anyone who has not unlocked it', async () => {
    // A free episode's signed master lists its subtitle playlists, which answer.
    const freeAnswer = (await (await fetch(`${baseUrl()}/api/episodes/${first.id}/`)).json()) as Episode;
    expect(freeAnswer.subtitles?.map((track) => track.language)).toEqual(expect.arrayContaining(['en', 'ru', 'es']));
    const master = new URL(freeAnswer.hls_url as string, baseUrl());
    const masterText = await (await fetch(master)).text();
    const uri = masterText.match(/TYPE=SUBTITLES[^\n]*LANGUAGE="ru"[^\n]*URI="([^"]+)"/)?.[1];
    expect(uri).toBeTruthy();
    const freePlaylist = new URL(uri as string, master);
    expect((await fetch(freePlaylist)).status).toBe(200);

    // The locked episode: no address for a guest, and its subtitle files refused, signed or not.
    const lockedAnswer = (await (await fetch(`${baseUrl()}/api/episodes/${locked.id}/`)).json()) as Episode;
    expect(lockedAnswer.hls_url).toBeNull();
    const stored = (await (await staffRequest('GET', `/episodes/${locked.id}/`)).json()) as { hls_url: string };
    const folder = stored.hls_url.replace(/^\/media\//, '').replace(/[^/]+$/, '');
    const token = freePlaylist.searchParams.get('t') ?? '';
    for (const file of ['subtitles/ru.m3u8', 'subtitles/ru.vtt']) {
      const path = `${baseUrl()}/media/play/${locked.id}/${folder}${file}`;
      expect([file, (await fetch(path)).status]).toEqual([file, 403]);
      expect([file, (await fetch(`${path}?t=${token}`)).status]).toEqual([file, 403]);
    }
  });
});
