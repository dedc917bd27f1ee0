export { BRIDGE_BUDGET, callCost, emitCost, rateBudget, refusals, type Dropped, type RateBudget } from './budget.js';
export { measurer, type Measured } from './measure.js';
export { connectFrame } from './frame.js';
export {
  KINDS,
  PROTOCOL_VERSION,
  isConnect,
  isHello,
  parseFrameMessage,
  type ConnectMessage,
  type Emit,
  type FrameMessage,
  type FrameMessageType,
  type HelloMessage,
  type HostMessage,
  type HostMessageType,
  type Surface,
} from './protocol.js';
export {
  MAX_FRAME_HEIGHT,
  acceptsEvent,
  bindingName,
  bindingPropOf,
  callRefusal,
  configValueProblem,
  connectRefusal,
  declarableOrigin,
  declaredFor,
  forwardedProps,
  frameHeight,
  networkFix,
  type BridgeConfigField,
  type BridgeManifest,
  type Declared,
  type NetworkRefusal,
} from './verdicts.js';
