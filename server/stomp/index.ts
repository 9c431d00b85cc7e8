export { FrameParser, StompProtocolError, serializeFrame, type StompFrame } from './frame';
export {
  RECOMMENDED_WS_MAX_PAYLOAD,
  StompRejection,
  bearerToken,
  createStompServer,
  type AuthResult,
  type SendFrame,
  type StompServer,
  type StompServerOptions,
} from './server';
