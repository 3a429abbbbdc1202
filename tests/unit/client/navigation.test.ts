import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_PATHS } from '../../../src/client/app/App';
import { tabState } from '../../../src/client/app/shell/TabBar';
import { documentTitle } from '../../../src/client/app/shell/titles';
import { TABS } from '../../../src/client/app/strings';
import { ROOT } from '../../support/process';

const APP_NAME = 'Экскурсии по Крыму';
const NOT_FOUND = `Страница не найдена — ${APP_NAME}`;

/** Every route App.tsx declares, as a path a person could open (parameters filled in). */
function appPaths(): string[] {
  const source = readFileSync(join(ROOT, 'src/client/app/App.tsx'), 'utf8');
  const declared = [...source.matchAll(/ path="([^"*]+)"/g)].map((match) => match[1] as string);
  const categories = CATEGORY_PATHS.map((slug) => `excursions/${slug}`);
  return ['/', ...[...declared, ...categories].map((path) => `/${path}`)].map((path) =>
    path.replace(/:refId\?/, '42').replace(/:\w+/g, '65f1c0ffee0000000000abcd'),
  );
}

describe('document titles', () => {
  it('gives every route of the app a title of its own, ending with the app name', () => {
    const paths = appPaths();
    expect(paths.length).toBeGreaterThan(30);
    const titles = paths.map((path) => documentTitle(path));
    for (const [i, title] of titles.entries()) {
      expect(title, paths[i]).not.toBe(NOT_FOUND);
      expect(title.endsWith(APP_NAME), paths[i]).toBe(true);
    }
    // The two login routes are one screen; every other screen's title differs.
    const loginless = titles.filter((_, i) => !paths[i]?.startsWith('/profile/login'));
    expect(new Set(loginless).size).toBe(loginless.length);
    expect(documentTitle('/')).toBe(APP_NAME);
    expect(documentTitle('/no/such/screen')).toBe(NOT_FOUND);
  });

  it('names the subject of an excursion, a place, a destination and a ticket', () => {
    expect(documentTitle('/excursion/abc', 'Ласточкино гнездо')).toBe(`«Ласточкино гнездо» — ${APP_NAME}`);
    expect(documentTitle('/place/3', 'Ханский дворец')).toBe(`«Ханский дворец» — ${APP_NAME}`);
    expect(documentTitle('/city/1', 'Ялта')).toBe(`«Ялта» — ${APP_NAME}`);
    expect(documentTitle('/profile/tickets/ticket/t1', 'Ай-Петри')).toBe(`Билет: «Ай-Петри» — ${APP_NAME}`);
    // A screen that is not about one named thing keeps its own title.
    expect(documentTitle('/schedule', 'Ялта')).toBe(`Расписание — ${APP_NAME}`);
  });
});

describe('the tab of a screen', () => {
  const activeTab = (pathname: string) =>
    TABS.flatMap((tab) => {
      const state = tabState(tab.to, pathname);
      return state ? [`${tab.label}:${state}`] : [];
    });

  it.each([
    ['/', 'Главная:page'],
    ['/excursions', 'Экскурсии:page'],
    ['/excursions/parks', 'Экскурсии:section'],
    ['/excursion/abc', 'Экскурсии:section'],
    ['/booking/abc', 'Экскурсии:section'],
    ['/payment', 'Экскурсии:section'],
    ['/schedule', 'Расписание:page'],
    ['/stories', 'Истории:page'],
    ['/place/3', 'Истории:section'],
    ['/city/1', 'Истории:section'],
    ['/profile', 'Профиль:page'],
    ['/favorite', 'Профиль:section'],
    ['/profile/tickets/ticket/t1', 'Профиль:section'],
    ['/profile/login', 'Профиль:section'],
  ])('%s highlights %s', (pathname, tab) => {
    expect(activeTab(pathname)).toEqual([tab]);
  });

  it('highlights no tab on a screen of none of them', () => {
    expect(activeTab('/about')).toEqual([]);
    expect(activeTab('/no/such/screen')).toEqual([]);
  });
});
