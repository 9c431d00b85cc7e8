export { mentorBannerQueryOptions } from './mentor-banner-query';
export { CategoryGrid } from './components/category-grid';
export { HomeHero } from './components/home-hero';
export { HomePrompts } from './components/home-prompts';
export { HomeSections } from './components/home-sections';
