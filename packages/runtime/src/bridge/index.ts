export { connectFrame } from './frame.js';
export {
  PROTOCOL_VERSION,
  isConnect,
  isHello,
  parseFrameMessage,
  type ConnectMessage,
  type FrameMessage,
  type FrameMessageType,
  type HelloMessage,
  type HostMessage,
  type HostMessageType,
  type Surface,
} from './protocol.js';
