// Signed media URLs (docs/decisions/053), in one file that both checkers load: Node's media routes
// (server/modules/media/routes.ts) and the nginx edge (njs, deploy/nginx/), so the edge refuses
// exactly what Node refuses. Plain JavaScript in the subset njs 0.7 runs (no destructuring, no
// `?.`, no `??`), typed by media-grant.d.ts.
//
// A grant is one path segment before the media's files, so the relative URIs of the stored
// playlists carry it to every segment they name:
//   /media/<media>/t.<session>.<height>.<expires>.<signature>/720p/segment-00001.m4s
//     opens every file of the media up to <height> until <expires> (a playback session or a
//     download licence);
//   /media/<media>/f.<session>.<expires>.<signature>/720p/init.mp4
//     opens that one file (a download's head start, decision 051).
// <signature> is HMAC-SHA256 (PLAYBACK_SECRET) of the grant's fields, base64url. An expired `t`
// grant is stood in for by the session's cookie `fs_media_<session>` holding a newer `t` grant
// of the same session and media (decision 016); an `f` grant never is.
import crypto from 'crypto';

var VERSION = 'fitstream-media-1';
var ID = /^[A-Za-z0-9_-]{1,64}$/;
var DIGITS = /^[0-9]{1,12}$/;
var SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
var RENDITION = /^([0-9]{3,4})p$/;

function signature(secret, fields) {
  return crypto.createHmac('sha256', secret).update(VERSION + '\n' + fields.join('\n')).digest('base64url');
}

/** The fields a grant's signature covers. */
function signedFields(mediaId, grant) {
  return grant.kind === 't'
    ? ['t', mediaId, grant.sessionId, String(grant.maxHeight), String(grant.expires)]
    : ['f', mediaId, grant.sessionId, grant.file, String(grant.expires)];
}

/** The path segment of a grant for `mediaId`, signed with `secret`. */
function sign(secret, mediaId, grant) {
  var sig = signature(secret, signedFields(mediaId, grant));
  return grant.kind === 't'
    ? 't.' + grant.sessionId + '.' + grant.maxHeight + '.' + grant.expires + '.' + sig
    : 'f.' + grant.sessionId + '.' + grant.expires + '.' + sig;
}

/** Equal strings, compared in a time that does not depend on where they differ. */
function same(a, b) {
  if (a.length !== b.length) return false;
  var difference = 0;
  for (var i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The grant a path segment carries for `mediaId` (and, for an `f` grant, `file`) when its
 * signature holds, expired or not; null when it is malformed or forged.
 */
function read(secret, mediaId, segment, file) {
  var parts = segment.split('.');
  var grant;
  if (parts[0] === 't' && parts.length === 5 && DIGITS.test(parts[2]) && DIGITS.test(parts[3])) {
    grant = { kind: 't', sessionId: parts[1], maxHeight: parseInt(parts[2], 10), expires: parseInt(parts[3], 10) };
  } else if (parts[0] === 'f' && parts.length === 4 && DIGITS.test(parts[2])) {
    grant = { kind: 'f', sessionId: parts[1], file: file, expires: parseInt(parts[2], 10) };
  } else return null;
  var sig = parts[parts.length - 1];
  if (!ID.test(grant.sessionId) || !SIGNATURE.test(sig)) return null;
  return same(sig, signature(secret, signedFields(mediaId, grant))) ? grant : null;
}

/** The value of cookie `name` in a Cookie header, or ''. */
function cookie(header, name) {
  var pairs = (header || '').split(';');
  for (var i = 0; i < pairs.length; i++) {
    var pair = pairs[i].trim();
    if (pair.indexOf(name + '=') === 0) return pair.slice(name.length + 1);
  }
  return '';
}

/**
 * Why a request for `file` (a path under the media's folder: `720p/segment-00001.m4s`,
 * `captions/en.vtt`) under grant `segment` is refused, as the contract's error code; '' when it
 * is let through. `now` in seconds.
 */
function refusal(secret, mediaId, segment, file, cookieHeader, now) {
  var grant = read(secret, mediaId, segment, file);
  if (!grant) return 'playback.badLink';
  if (grant.expires <= now) {
    if (grant.kind !== 't') return 'playback.badLink';
    var renewed = cookie(cookieHeader, 'fs_media_' + grant.sessionId);
    var newer = renewed ? read(secret, mediaId, renewed, file) : null;
    if (!newer || newer.kind !== 't' || newer.sessionId !== grant.sessionId || newer.expires <= now) return 'playback.badLink';
    grant = newer;
  }
  var rendition = RENDITION.exec(file.split('/')[0]);
  if (grant.kind === 't' && rendition && parseInt(rendition[1], 10) > grant.maxHeight) return 'playback.qualityNotInPlan';
  return '';
}

/**
 * The language of a refusal's message, as the API negotiates it (Accept-Language, by quality):
 * 'es' or 'en'.
 */
function language(acceptLanguage) {
  var best = 'en';
  var bestQuality = 0;
  var ranges = (acceptLanguage || '').split(',');
  for (var i = 0; i < ranges.length; i++) {
    var parts = ranges[i].trim().toLowerCase().split(';');
    var tag = parts[0].trim().split('-')[0];
    var quality = 1;
    for (var j = 1; j < parts.length; j++) {
      var parameter = parts[j].trim();
      if (parameter.indexOf('q=') === 0) quality = parseFloat(parameter.slice(2));
    }
    if ((tag === 'en' || tag === 'es') && quality > bestQuality) {
      best = tag;
      bestQuality = quality;
    }
  }
  return best;
}

/** nginx (js_set): the language of this request's refusal. */
function edgeLanguage(r) {
  return language(r.headersIn['Accept-Language']);
}

/** nginx (js_set): the refusal for this request, from the location's captures and PLAYBACK_SECRET. */
function edgeRefusal(r) {
  var v = r.variables;
  return refusal(process.env.PLAYBACK_SECRET || '', v.media_id, v.media_grant, v.media_file, r.headersIn.Cookie, Math.floor(Date.now() / 1000));
}

export default { sign: sign, read: read, refusal: refusal, edgeRefusal: edgeRefusal, edgeLanguage: edgeLanguage };
