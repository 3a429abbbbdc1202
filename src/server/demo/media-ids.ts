// Media id conventions of the demo catalogue. Ids are file-name-like so that they are readable in
// URLs (/api/images/exc-vorontsov-1.svg) and match /^[a-z0-9][a-z0-9._-]{0,80}$/.

export const excursionCoverId = (key: string, i: number): string => `exc-${key}-${i + 1}.svg`;
export const excursionGalleryId = (key: string, i: number): string => `exc-${key}-g${i + 1}.svg`;
export const placeImageId = (key: string): string => `place-${key}.svg`;
export const placeGalleryId = (key: string, i: number): string => `place-${key}-g${i + 1}.svg`;
export const cityImageId = (key: string): string => `city-${key}.svg`;
export const bannerImageId = (id: number): string => `banner-${id}.svg`;
export const offerImageId = (id: number): string => `offer-${id}.svg`;
