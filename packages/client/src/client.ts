import { ServiceCore, type ServiceClientOptions } from './core/core.js';
import { Activities } from './resources/activities.js';
import { Companies, Pipelines } from './resources/companies.js';
import { Contacts } from './resources/contacts.js';
import { Datasets } from './resources/datasets.js';
import { Deals } from './resources/deals.js';
import { EmailTemplates } from './resources/email-templates.js';
import { FormSubmissions } from './resources/form-submissions.js';
import { Leads } from './resources/leads.js';
import { MediaLibrary } from './resources/media.js';
import { Orders, Products } from './resources/commerce.js';
import { Records } from './resources/records.js';
import { Api, Marketplace, Me, OpenApi, UsageReport } from './resources/service.js';
import { Sites } from './resources/sites.js';
import { Tasks } from './resources/tasks.js';

/**
 * The platform REST API, one property per resource.
 * @example
 * const client = new ServiceClient({ apiKey: process.env.API_KEY!, baseUrl: 'https://api.example.com/v1' });
 * for await (const contact of client.contacts.list({ tag: 'vip' })) console.log(contact.email);
 */
export class ServiceClient extends ServiceCore {
  /** `GET /v1`. */
  readonly api = new Api(this);
  /** `GET /v1/me`. */
  readonly me = new Me(this);
  /** `GET /v1/usage`. */
  readonly usage = new UsageReport(this);
  /** `GET /v1/openapi.json`, no key sent. */
  readonly openapi = new OpenApi(this);
  readonly datasets = new Datasets(this);
  readonly records = new Records(this);
  readonly sites = new Sites(this);
  readonly formSubmissions = new FormSubmissions(this);
  readonly media = new MediaLibrary(this);
  readonly contacts = new Contacts(this);
  readonly companies = new Companies(this);
  readonly pipelines = new Pipelines(this);
  readonly deals = new Deals(this);
  readonly tasks = new Tasks(this);
  readonly activities = new Activities(this);
  readonly emailTemplates = new EmailTemplates(this);
  readonly leads = new Leads(this);
  readonly orders = new Orders(this);
  readonly products = new Products(this);
  /** `GET /api/marketplace/listing-versions`, no key sent. */
  readonly marketplace = new Marketplace(this);

  constructor(options: ServiceClientOptions) {
    super(options);
  }
}
