// Texts of the category pages (/excursions/castles, …/seawalks, …/parks, …/mountains).

export const CATEGORY = {
  list: 'Экскурсии категории',
  seeAlso: 'Смотрите также',
  allExcursions: 'Все экскурсии',
  subscribe: {
    title: 'Скидка 5% на первую поездку',
    text: 'Подпишитесь на рассылку: новые маршруты, сезонные акции и промокод на 5% для первой экскурсии.',
    email: 'Электронная почта',
    placeholder: 'you@example.ru',
    submit: 'Подписаться',
    invalid: 'Проверьте адрес электронной почты',
    thanks: (email: string) => `Спасибо! Адрес ${email} записан — скидка 5% ждёт вас.`,
  },
} as const;

/** A line under each category's title when no banner text is at hand. */
export const CATEGORY_TAGLINES: Record<string, string> = {
  castles: 'Императорские резиденции Южного берега и Ханский дворец в Бахчисарае',
  seawalks: 'Скалы, гроты и бухты Крыма с палубы катера',
  parks: 'Ботанические сады, старинные парки и кипарисовые аллеи',
  mountains: 'Яйла, каньоны и смотровые площадки над морем',
};
