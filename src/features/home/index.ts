export { mentorBannerQueryOptions } from './api/mentor';
export { popularQueryOptions } from './api/popular';
export { recommendationsQueryOptions } from './api/recommendations';
export { CategoryGrid } from './components/category-grid';
export { HomeHero } from './components/home-hero';
export { HomeSections } from './components/home-sections';
