// The API's answers as the frontend reads them: names for the shapes of the API document.
// `schema.d.ts` is generated from it (scripts/api-types; `make test` checks it is current), so
// these types cannot drift from the server.
import type { components } from './schema';

type Schemas = components['schemas'];

/** A category as the storefront shows it. */
export type Category = Schemas['CategoryData'];
/** A product as the storefront shows it. */
export type Product = Schemas['ProductData'];
/** A running offer. */
export type Offer = Schemas['OfferData'];
/** An offer with one page of its products. */
export type OfferPage = Schemas['OfferPage'];
/** What the header's search box suggests. */
export type SuggestionsResponse = Schemas['SuggestionsResponse'];
/** One page of products. */
export type ProductPage = Schemas['ProductList'];
/** Everything the Home screen shows. */
export type HomeData = Schemas['HomeData'];
/** A content page in the current language. */
export type ContentPageData = Schemas['PageData'];
/** The shop's public settings. */
export type ShopSettings = Schemas['PublicSettings'];
/** A cart priced today: the server cart, or a browser cart quoted. */
export type CartData = Schemas['CartData'];
/** One line of a priced cart. */
export type CartLineData = Schemas['CartLineData'];
/** An order as the buyer sees it (design §4a). */
export type OrderData = Schemas['OrderData'];
/** A return of some of an order's units. */
export type ReturnData = Schemas['ReturnData'];
/** A city the shop delivers to, with its base shipping cost. */
export type ShippingCity = Schemas['ShippingCityData'];
/** Whether a city takes cash on delivery, and its fee there. */
export type CashTerms = Schemas['CashTermsData'];
/** A client's saved address with its city. */
export type Address = Schemas['AddressData'];
/** A signed-in user as the API describes them. */
export type UserData = Schemas['UserData'];
/** A signed-in user with their token. */
export type AuthData = Schemas['AuthData'];
/** An answer that only says what happened. */
export type MessageResponse = Schemas['MessageResponse'];
/** A contact change waiting for its code. */
export type PendingContact = Schemas['PendingContact'];
/** A product as staff see it. */
export type StaffProduct = Schemas['StaffProductData'];
export type StaffProductPage = Schemas['StaffProductList'];
/** A category as staff see it. */
export type StaffCategory = Schemas['StaffCategoryData'];
/** An offer as staff see it. */
export type StaffOffer = Schemas['StaffOfferData'];
/** The shop's settings as staff edit them. */
export type StaffSettings = Schemas['StaffSettingsData'];
/** A content page as staff edit it, in both languages. */
export type StaffPage = Schemas['StaffPageData'];
/** A message from the contact page. */
export type ContactMessage = Schemas['ContactMessageData'];
/** An integrator's API key; its secret is only in the answer that made it. */
export type ApiKey = Schemas['ApiKeyData'];
/** A webhook endpoint; its secret is only in the answers that made or rotated it. */
export type WebhookEndpoint = Schemas['EndpointData'];
/** One delivery of an event to an endpoint, with its attempts. */
export type WebhookDelivery = Schemas['DeliveryData'];
export type SynonymGroup = Schemas['SynonymGroupData'];
export type SearchMiss = Schemas['SearchMissData'];
