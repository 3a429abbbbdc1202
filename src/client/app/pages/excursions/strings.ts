// Texts of the /excursions screen.

export const EXCURSIONS = {
  title: 'Экскурсии по Крыму',
  intro: 'Автобусные экскурсии с гидом: выбирайте направление, дату и место в салоне.',
  categories: 'Категории экскурсий',
  list: 'Экскурсии',
  cities: 'Популярные направления',
  places: 'Исторические места',
  allPlaces: 'Все места',
} as const;
