// Platform actions: what the documents say happens outside the API (a visitor's capture, the
// console's merges, erasures and archives, the storefront's orders, the merchant's catalog),
// made to happen on purpose. One table drives the admin routes and `emu.actions`.
import type { Ctx } from '../context.js';
import { capture } from './capture.js';
import { archivePipeline, deleteMedia, deleteProduct, editProduct, setForm } from './catalog.js';
import { inOrg, type ActionEnv } from './env.js';
import { placeOrder, storefrontMove } from './orders.js';
import { erasePerson, mergeContacts } from './people.js';

export interface ActionSpec {
  /** The name on `emu.actions`. */
  name: keyof Actions;
  /** Below `/__emulator`. */
  path: string;
  /** The status of a success: 201 where the action makes something. */
  status: 200 | 201;
  summary: string;
  run: (ctx: Ctx) => Promise<Record<string, unknown>>;
}

/** Every action: `POST /__emulator<path>` with a JSON body, or `emu.actions.<name>(body)`; `org` names another organization. */
export const actionTable: ActionSpec[] = [
  {
    name: 'capture',
    path: '/actions/capture',
    status: 201,
    summary: 'A visitor submits a form, books or signs up on a site',
    run: capture,
  },
  {
    name: 'setForm',
    path: '/actions/forms',
    status: 200,
    summary: "A site's form: its name, the dataset it files into, lead or contact",
    run: setForm,
  },
  {
    name: 'mergeContacts',
    path: '/actions/contacts/merge',
    status: 200,
    summary: 'Merge one contact into another (the survivor)',
    run: mergeContacts,
  },
  {
    name: 'erasePerson',
    path: '/actions/people/erase',
    status: 200,
    summary: 'Erase a person at their request (or record the request: pending)',
    run: erasePerson,
  },
  {
    name: 'archivePipeline',
    path: '/actions/pipelines/archive',
    status: 200,
    summary: 'Archive a pipeline (archived: false brings it back)',
    run: archivePipeline,
  },
  {
    name: 'placeOrder',
    path: '/actions/orders',
    status: 201,
    summary: "A shopper places an order in a site's store",
    run: placeOrder,
  },
  {
    name: 'payOrder',
    path: '/actions/orders/pay',
    status: 200,
    summary: "An order's payment settles (pending to paid)",
    run: storefrontMove('pay'),
  },
  {
    name: 'cancelOrder',
    path: '/actions/orders/cancel',
    status: 200,
    summary: 'The store cancels an order (pending or paid); stock comes back',
    run: storefrontMove('cancel'),
  },
  {
    name: 'refundOrder',
    path: '/actions/orders/refund',
    status: 200,
    summary: 'The store refunds an order, in full or in part (amountCents)',
    run: storefrontMove('refund'),
  },
  {
    name: 'editProduct',
    path: '/actions/products',
    status: 200,
    summary: 'The merchant edits a product (or adds one, without productId)',
    run: editProduct,
  },
  {
    name: 'deleteProduct',
    path: '/actions/products/delete',
    status: 200,
    summary: 'The merchant deletes a product',
    run: deleteProduct,
  },
  {
    name: 'deleteMedia',
    path: '/actions/media/delete',
    status: 200,
    summary: 'A file is deleted from its library in the console',
    run: deleteMedia,
  },
];

type ActionFn = (input: Record<string, unknown> & { org?: string }) => Promise<Record<string, unknown>>;

/** `emu.actions`: each rejects with an `ActionError` (status, type, code, fields) where the admin surface answers an error. */
export interface Actions {
  capture: ActionFn;
  setForm: ActionFn;
  mergeContacts: ActionFn;
  erasePerson: ActionFn;
  archivePipeline: ActionFn;
  placeOrder: ActionFn;
  payOrder: ActionFn;
  cancelOrder: ActionFn;
  refundOrder: ActionFn;
  editProduct: ActionFn;
  deleteProduct: ActionFn;
  deleteMedia: ActionFn;
}

/** Runs one action in its organization's transaction. */
export function runAction(
  env: ActionEnv,
  spec: ActionSpec,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { org, ...body } = input;
  return inOrg(env, spec.name, org, body, spec.run);
}

export function createActions(env: ActionEnv): Actions {
  return Object.fromEntries(
    actionTable.map((spec) => [spec.name, (input: Record<string, unknown> = {}) => runAction(env, spec, input)]),
  ) as unknown as Actions;
}
