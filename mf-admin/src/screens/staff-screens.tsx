/** The staff screens, one lazily loaded chunk for the whole area (module.ts picks them by name). */
export { AllEpisodes, EditEpisode, NewEpisode, SeriesEpisodes } from '../features/catalogue/episode-screens';
export { EditSeries, NewSeries, SeriesList } from '../features/catalogue/series-screens';
export { Analytics, Dashboard } from '../features/insights/insights-screens';
export { MediaLibrary, ThumbnailPreview } from '../features/media/media-screens';
export { Subscriptions, Users } from '../features/people/people-screens';
export { Settings } from '../features/settings/settings-screen';
