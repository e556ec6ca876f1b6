// The poster a class shows (cards, programmes, the lock screen, emails): its media's. A seeded
// class plays a media of its own (docs/decisions/059) whose poster is its title card, one per
// language (`?lang=es` picks it: the media routes and the edge); before issue 40 the seeded classes
// shared three clips and each got a poster folder of its own (`poster-<class id>`), now unused.

/** The path of a class's poster. */
export function classPosterPath(media: { mediaId: string }): string {
  return `/media/${encodeURIComponent(media.mediaId)}/poster.jpg`;
}
