import { envelope, pageOf, pageQuery } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  shipmentImportForm,
  shipmentImportResult,
  shipmentItemQuery,
  shipmentItemRow,
  shipmentRow,
} from './shipments.ts';

/** The shipments' calls (the `shipment` screen): the template, an import, the files and items, their export. */
export const SHIPMENT_ENDPOINTS = {
  /** The .xlsx template of a shipment file. */
  template: endpoint({ method: 'GET', path: '/shipment/template' }),
  import: endpoint({
    method: 'POST',
    path: '/shipment/import',
    consumes: 'multipart/form-data',
    body: shipmentImportForm,
    response: envelope(shipmentImportResult),
  }),
  shipments: endpoint({
    method: 'GET',
    path: '/shipment/list',
    query: pageQuery,
    response: pageOf(shipmentRow),
  }),
  items: endpoint({
    method: 'GET',
    path: '/shipment/items',
    query: shipmentItemQuery,
    response: pageOf(shipmentItemRow),
  }),
  /** The filtered items as an .xlsx workbook. */
  export: endpoint({ method: 'GET', path: '/shipment/export', query: shipmentItemQuery }),
};
