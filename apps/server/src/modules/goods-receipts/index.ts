/** The goods-receipts module's public entry point: other modules and the app import only this file. */
export { goodsReceiptRoutes } from './routes.js';
export { createGoodsReceipt, createGoodsReceiptService, createSupplier, type ReceiptCaller } from './service.js';
