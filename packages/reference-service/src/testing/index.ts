// Helpers for testing against the reference service over HTTP: start it as its own process, call
// it, follow a video, receive its webhooks, and read the PNG and MP4 files it makes.
export {
  call,
  download,
  postEdit,
  resetKnobs,
  serviceFor,
  setKnobs,
  sharedService,
  startService,
  type FormPart,
  type KnobSettings,
  type RunningService,
} from './service';
export { pollVideo } from './video';
export { startReceiver, type ReceivedWebhook } from './webhook-receiver';
export { readMp4, type Mp4Info, type Mp4Track } from './mp4';
export { hugeHeaderPng, maskPng, meanAbsDiff, rgba, scenePng } from './images';
export { conformanceCases, type ConformanceCase, type ConformanceTarget } from './conformance';
export { ADDRESS_FORMS, type AddressForm } from './address-forms';
export { recordStart } from './start-log';
