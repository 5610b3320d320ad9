import { describe, expect, it } from 'vitest';
import { readPrice } from './price.js';
import { readProduct } from './product.js';
import { readSearch } from './search.js';

/**
 * Japanese marketplace page shapes (issue 29, point 6), written here: a shopping mall's shop page, a mall with
 * stores and points, flea-market item pages, a big retailer's /dp/ page. Generic markup in the way those pages are
 * laid out, with example hosts; no real page, no real site's ids or classes.
 */
const page = (body: string, header = '') => `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>通販 | Example</title></head><body>
<header>${header}<nav><a href="/">トップ</a> <a href="/cart">カート</a> <a href="/sale">タイムセール 3,000円以下</a></nav></header>
<main>${body}</main>
<footer><p>3,980円以上で送料無料</p></footer></body></html>`;

describe('readPrice: Japanese price writings', () => {
  it.each([
    ['1,980円（税込）', '1980'],
    ['￥12,800 (税込)', '12800'],
    ['¥3,500 送料込み', '3500'],
    ['１，９８０円', '1980'],
    ['￥１２，８００（税込）', '12800'],
    ['税込 2,200円 送料無料', '2200'],
  ])('%s', (text, amount) => {
    expect(readPrice(text, { pageUrl: 'https://shop.example.jp/item/1' })).toMatchObject({ amount, currency: 'JPY' });
  });
});

describe('readProduct: Japanese marketplace shapes', () => {
  it('a mall shop page: the shop in the header, tax-included over tax-excluded, points and free shipping beside the price, 商品番号', () => {
    const html = page(
      `<div class="item-image"><img src="/img/kettle.jpg" alt=""></div>
      <h1 class="item-name">ステンレス電気ケトル 1.2L 保温機能付き</h1>
      <div class="price-area">
        <div class="price-excluded"><span class="price">1,800円</span><span>（税抜）</span></div>
        <div class="price-main"><span class="price">1,980円</span><span class="tax">（税込）</span> <span class="shipping">送料無料</span></div>
        <div class="price-point"><span>18ポイント</span> 獲得</div>
      </div>
      <button>買い物かごに入れる</button>
      <table class="spec"><tr><th>商品番号</th><td>kt-2001</td></tr><tr><th>ブランド</th><td>ヒートライン</td></tr></table>`,
      `<div class="shop-header"><a class="shop-top" href="/kitchen-hiroba/">キッチン雑貨ひろば</a></div>`,
    );
    const r = readProduct(html, 'https://item.mall.example.jp/kitchen-hiroba/kt-2001/', null);
    expect(r.listing).toMatchObject({ title: 'ステンレス電気ケトル 1.2L 保温機能付き', price: '1980', currency: 'JPY', seller: 'キッチン雑貨ひろば', listingNo: 'kt-2001', brand: 'ヒートライン' });
    expect(r.availability).toBe('InStock');
  });

  it('a mall store page: "￥12,800 (税込)", store name, PayPay-style "pt" points, 商品コード', () => {
    const html = page(`<h1>ワイヤレスイヤホン ノイズキャンセリング Bluetooth5.3</h1>
      <div class="item-price"><p class="price-value">￥12,800 <span>(税込)</span></p><p class="price-note">送料無料</p>
      <p class="price-point">+128pt (1%)</p></div>
      <div class="store-info"><dl><dt>ストア</dt><dd><span class="store-name">オーディオ専門店サウンドライフ</span></dd></dl></div>
      <ul class="item-detail"><li>商品コード：ear-x53-bk</li></ul>
      <button>カートに入れる</button>`);
    const r = readProduct(html, 'https://store.example.jp/soundlife/ear-x53-bk.html', null);
    expect(r.listing).toMatchObject({ price: '12800', currency: 'JPY', seller: 'オーディオ専門店サウンドライフ', listingNo: 'ear-x53-bk' });
    expect(r.availability).toBe('InStock');
  });

  it('a flea-market item: the m-number in the URL, ¥ price with 送料込み, 出品者, SOLD OUT', () => {
    const html = page(`<div class="item-photo"><img src="https://static.example.jp/photos/m12345678901_1.jpg" alt=""></div>
      <h1>ヴィンテージ レザーショルダーバッグ ブラウン</h1>
      <div class="item-price-box"><span class="currency">¥</span><span class="item-price">8,500</span> <span class="tax">(税込)</span> <span class="ship">送料込み</span></div>
      <div class="sold-badge">SOLD OUT</div>
      <section class="seller"><h2>出品者</h2><a href="/user/profile/483920175">古着のみせ さくら</a></section>`);
    const r = readProduct(html, 'https://flea.example.jp/item/m12345678901', null);
    expect(r.listing).toMatchObject({ title: 'ヴィンテージ レザーショルダーバッグ ブラウン', price: '8500', currency: 'JPY', seller: '古着のみせ さくら', listingNo: 'm12345678901' });
    expect(r.availability).toBe('OutOfStock');
  });

  it('a flea-market item: full-width yen, 売り切れ, 出品者 line', () => {
    const html = page(`<h1 class="item-title">ハンドメイド ピアス 淡水パール</h1>
      <p class="price">￥２，２００ <small>送料込み</small></p>
      <p class="status">売り切れ</p>
      <div class="user">出品者：<a href="/users/77120">あおいの手作り雑貨</a></div>`);
    const r = readProduct(html, 'https://fril.example.jp/items/a1b2c3d4e5f6a7b8', null);
    expect(r.listing).toMatchObject({ price: '2200', currency: 'JPY', seller: 'あおいの手作り雑貨' });
    expect(r.availability).toBe('OutOfStock');
  });

  it('a retailer /dp/ page: ASIN from the URL, "￥1,280 (税込)" over "13pt", 販売元', () => {
    const html = page(`<h1><span class="product-title">保湿クリーム 80g 無香料</span></h1>
      <div class="buybox"><span class="price-to-pay">￥1,280</span> <span>(税込)</span>
      <div class="points">13pt (1%)</div>
      <div>出荷元 Example.co.jp</div><div>販売元 <a href="/sp?seller=A3XYZ">ナチュラルコスメ本舗</a></div>
      <div class="availability">在庫あり。</div><input type="submit" value="カートに入れる"></div>`);
    const r = readProduct(html, 'https://www.retail.example.co.jp/%E4%BF%9D%E6%B9%BF/dp/B0ABC12345/ref=sr_1_1', null);
    expect(r.listing).toMatchObject({ title: '保湿クリーム 80g 無香料', price: '1280', currency: 'JPY', seller: 'ナチュラルコスメ本舗', listingNo: 'B0ABC12345' });
    expect(r.availability).toBe('InStock');
  });

  it('a retailer /dp/ page out of stock: 在庫なし', () => {
    const html = page(`<h1>電動歯ブラシ 替えブラシ 4本</h1>
      <div class="buybox"><span class="price">￥2,980</span><div class="availability">在庫なし</div></div>`);
    const r = readProduct(html, 'https://www.retail.example.co.jp/dp/B0DEF67890', null);
    expect(r.listing).toMatchObject({ price: '2980', listingNo: 'B0DEF67890' });
    expect(r.availability).toBe('OutOfStock');
  });

  it('a flea-market item of a second shape: 円 after the amount, 販売者, 管理番号', () => {
    const html = page(`<h1>ポータブルゲーム機 本体 ホワイト 美品</h1>
      <div class="price-row"><span class="price">18,000円</span><span>送料無料</span></div>
      <div class="seller-row">販売者：<a href="/user/9f3a21">ゲームショップ ネオ</a></div>
      <table><tr><th>管理番号</th><td>g-220415-07</td></tr></table>
      <a class="buy-button" href="/purchase/z123456789">購入手続きへ</a>`);
    const r = readProduct(html, 'https://paypay.flea.example.jp/item/z123456789', null);
    expect(r.listing).toMatchObject({ price: '18000', currency: 'JPY', seller: 'ゲームショップ ネオ', listingNo: 'g-220415-07' });
    expect(r.availability).toBe('InStock');
  });

  it('a flea-market item without a labelled number: the item id of the URL', () => {
    const html = page(`<h1>ぬいぐるみ くま 30cm</h1><div class="price">1,500円</div><div>出品者 <a href="/user/55">ゆき</a></div>`);
    const r = readProduct(html, 'https://paypay.flea.example.jp/item/z987654321', null);
    expect(r.listing).toMatchObject({ price: '1500', listingNo: 'z987654321', seller: 'ゆき' });
  });
});

const yen = (n: number) => `${n.toLocaleString('en-US')}円`;
describe('readSearch: Japanese search pages', () => {
  it('a mall search: item cards with 円 prices, points and shops, a 次へ pager', () => {
    const ids = ['kt-2001', 'kt-2002', 'mg-0301', 'pan-26cm', 'knife-ss1'];
    const cards = ids
      .map((id, i) => `<div class="searchresultitem"><a href="https://item.mall.example.jp/shop${i}/${id}/"><img src="/t/${id}.jpg" alt=""></a>
        <h2><a href="https://item.mall.example.jp/shop${i}/${id}/">キッチン用品 ${id}</a></h2>
        <div class="price">${yen(1980 + i * 100)}</div><div class="points">${19 + i}ポイント(1倍)</div><div class="shipping">送料無料</div>
        <div class="merchant"><a href="https://www.mall.example.jp/shop${i}/">キッチンショップ${i}</a></div></div>`)
      .join('');
    const html = page(`<aside><a href="/search/mall/ケトル/?s=2">価格の安い順</a><a href="/search/mall/ケトル/?f=1">送料無料</a></aside>
      <div class="searchresults">${cards}</div>
      <div class="pager"><span class="current">1</span><a href="/search/mall/ケトル/?p=2">2</a><a href="/search/mall/ケトル/?p=3">3</a><a href="/search/mall/ケトル/?p=2">次へ &gt;</a></div>`);
    const r = readSearch(html, 'https://search.mall.example.jp/search/mall/ケトル/', null);
    expect(r.links).toEqual(ids.map((id, i) => `https://item.mall.example.jp/shop${i}/${id}/`));
    expect(r.next).toBe(`https://search.mall.example.jp/search/mall/${encodeURIComponent('ケトル')}/?p=2`);
  });

  it('a flea-market search: a grid of m-number items with ¥ prices and SOLD badges, a 次のページ link', () => {
    const ids = ['m10000000001', 'm10000000002', 'm10000000003', 'm10000000004'];
    const cells = ids
      .map((id, i) => `<li class="item-cell"><a href="/item/${id}"><figure><img src="/thumb/${id}.jpg" alt=""><span class="price">¥${(3000 + i * 500).toLocaleString('en-US')}</span>${i === 1 ? '<span class="sticker">SOLD</span>' : ''}</figure><span class="name">バッグ ${i}</span></a></li>`)
      .join('');
    const html = page(`<ul class="search-results">${cells}</ul>
      <div class="pagination"><a href="/search?keyword=bag&page_token=v1%3A1">次のページ</a></div>`);
    const r = readSearch(html, 'https://flea.example.jp/search?keyword=bag', null);
    expect(r.links).toEqual(ids.map((id) => `https://flea.example.jp/item/${id}`));
    expect(r.next).toBe('https://flea.example.jp/search?keyword=bag&page_token=v1%3A1');
  });
});
