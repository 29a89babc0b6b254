import type { Locale } from '@/lib/i18n/routing';
import { bangkokMidnight } from '@/lib/dates/bangkok';
import { SETUP_FEE, VAT_RATE_PCT } from '@/lib/pricing/catalog';
import { LATE_FEE_PCT, OVERLOCK_FEE } from '@/lib/pricing/renewal';
import { AGREEMENT_FEES } from '@/lib/pricing/fees';
import { CUSTOMER_NOTICE_DAYS, DEFAULT_DAY, DEPOSIT_REFUND_DAYS, GRACE_DAYS, OVERLOCK_DAY, RENT_NOTICE_DAYS } from './rental-terms';
import { baht, bahtRu, ruDays } from './figures';

/*
 * The built-in rental agreement (docs/product-rules.md#agreement-and-business-facts): shown in the Preview Contract dialog
 * and signed in the booking wizard whenever the database holds no active rental_agreement document, and seeded as
 * the first version of that document. No 'server-only': the seed imports it under plain Node.
 *
 * Variables {{customerName}} {{unit}} {{monthlyRate}} {{startDate}} {{term}} {{deposit}} {{insurance}} are filled in
 * when the agreement is shown or signed (lib/legal/agreement-variables.ts). Markup stays within what sanitizeLegalHtml allows.
 */

// Every period, fee and rate the code keeps is written from its constant (./figures.ts): the agreement a customer
// signs says what billing, the portal and staff's fee invoices then do.

const EN_AGREEMENT = `<p>This Self-Storage Rental Agreement (the "Agreement") is made between <strong>Phuket Self Storage Co., Ltd.</strong>, Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110, Thailand (the "Provider", "we", "us") and the customer named below (the "Customer", "you").</p>
<h3>Particulars</h3>
<table>
<tbody>
<tr><th>Customer</th><td>{{customerName}}</td></tr>
<tr><th>Unit</th><td>{{unit}}</td></tr>
<tr><th>Monthly rent</th><td>{{monthlyRate}}</td></tr>
<tr><th>Start date (move-in)</th><td>{{startDate}}</td></tr>
<tr><th>Rental term</th><td>{{term}}</td></tr>
<tr><th>Security deposit</th><td>{{deposit}}</td></tr>
<tr><th>Insurance</th><td>{{insurance}}</td></tr>
</tbody>
</table>
<p>All rent, fees and other amounts in this Agreement are in Thai baht (THB) and include VAT at ${VAT_RATE_PCT}%.</p>
<h3>1. The unit and its use</h3>
<p>1.1 We grant you the right to use the storage unit shown above to store goods, on the terms of this Agreement. You keep sole control of the unit and its contents; we do not take your goods into our custody.</p>
<p>1.2 The unit may be used for storage only. You must not live or sleep in it, run a business from it that involves visitors, connect to electricity without our permission, or alter the unit in any way.</p>
<p>1.3 You must keep the unit clean and in good condition and return it empty, swept and undamaged when you move out.</p>
<h3>2. Term</h3>
<p>2.1 This Agreement starts on the start date and runs for the rental term shown above. A month-to-month rental renews automatically each month until either of us ends it under clause 7.</p>
<p>2.2 When a prepaid term ends, the rental continues month to month at the monthly rate then in force, unless you give notice or renew for a new prepaid term.</p>
<h3>3. Rent and payment</h3>
<p>3.1 Rent is payable monthly in advance and is <strong>due on the same day of each month as your move-in date</strong> (the "billing date"). If a month has no such day, rent is due on the last day of that month.</p>
<p>3.2 Prepaid terms of 3, 6 or 12 months are paid in full in advance at the discounted rate agreed at booking.</p>
<p>3.3 If you pay by card, rent is charged to your card automatically on each billing date. You must keep a valid card on file and tell us if it changes.</p>
<p>3.4 A one-time setup fee of ${baht(SETUP_FEE)} THB, which includes a lock, is payable at booking and is not refundable.</p>
<h3>4. Late payment</h3>
<ol>
<li>If rent is not paid on the billing date, you have a <strong>grace period of ${GRACE_DAYS} days</strong>.</li>
<li>If rent is still unpaid when the grace period ends, your access to the facility is suspended (your PIN is disabled) and a <strong>late fee of ${LATE_FEE_PCT}% of the monthly rent</strong> is charged.</li>
<li>Access is restored as soon as everything you owe has been paid in full.</li>
</ol>
<h3>5. Overlock, default and disposal of goods</h3>
<p>5.1 If rent remains unpaid <strong>${OVERLOCK_DAY} days</strong> after the billing date, we may fit our own lock to the unit (an "overlock") and charge an overlock fee of ${baht(OVERLOCK_FEE)} THB.</p>
<p>5.2 If rent remains unpaid <strong>${DEFAULT_DAY} days</strong> after the billing date, you are in default. We will send a written notice of default to your last known contact details. We may then end this Agreement, open the unit (cut-lock fee ${baht(AGREEMENT_FEES.cut_lock)} THB) and sell or dispose of its contents to recover what you owe.</p>
<p>5.3 From the proceeds of any sale we deduct everything you owe and our reasonable costs of opening the unit and of removing, storing and selling the goods. Any surplus is <strong>held for you for 6 months</strong>; if it is not claimed within that time, it is dealt with as the law allows.</p>
<h3>6. Security deposit</h3>
<p>6.1 The security deposit is one month's rent at the list rate ({{deposit}}). It is <strong>waived when you pay by card</strong>.</p>
<p>6.2 We refund the deposit <strong>within ${DEPOSIT_REFUND_DAYS} days of move-out</strong>, less any unpaid rent or fees and the cost of cleaning or repairing the unit. The deposit earns no interest and cannot be used to pay your last month's rent.</p>
<h3>7. Ending the Agreement</h3>
<p>7.1 You may end this Agreement by giving us at least <strong>${CUSTOMER_NOTICE_DAYS} days' notice before the next billing date</strong>, in writing (email, LINE or WhatsApp is fine) or at our office. If you give less notice, the rent for the next month is due.</p>
<p>7.2 We may end this Agreement by giving you at least <strong>${RENT_NOTICE_DAYS} days' written notice</strong>, or sooner under clause 5 or if you seriously breach this Agreement, for example by storing prohibited items.</p>
<p>7.3 If you move out before the end of a prepaid term, we refund the rent for the remaining whole months, after recalculating the months you have used at the normal month-to-month rate.</p>
<p>7.4 When you move out you must remove all your goods and your lock and leave the unit clean and empty. If we have to clean the unit or remove rubbish, a cleaning fee of ${baht(AGREEMENT_FEES.cleaning)} THB is charged.</p>
<h3>8. Price changes</h3>
<p>We may change the monthly rent, fees or insurance prices by giving you at least <strong>${RENT_NOTICE_DAYS} days' written notice</strong>. The new price applies from the first billing date after the notice period. Rent you have already paid for a prepaid term does not change.</p>
<h3>9. Access and office hours</h3>
<p>9.1 You can enter the facility <strong>24 hours a day, 7 days a week</strong> with your personal PIN. Our office is open <strong>Monday to Saturday, 9:00–18:00</strong>.</p>
<p>9.2 Your PIN is personal. You are responsible for anyone you give your PIN or key to, and for what they do on site.</p>
<p>9.3 You must lock your unit every time you leave it and follow our staff's instructions and the site rules posted at the facility. We may restrict access temporarily for safety, maintenance or emergencies, or as described in clause 4.</p>
<h3>10. Locks and keys</h3>
<p>10.1 You must secure the unit with your own lock; the lock included in the setup fee is yours. We do not keep a copy of your key and do not enter the unit except as set out in clause 11.</p>
<p>10.2 If you lose your key and ask us to remove your lock, or if we have to remove it under this Agreement, a cut-lock fee of ${baht(AGREEMENT_FEES.cut_lock)} THB applies.</p>
<p>10.3 If you lose a master lock or master key provided by us, a replacement fee of ${baht(AGREEMENT_FEES.lost_master_lock)} THB applies.</p>
<h3>11. Our right of entry</h3>
<p>We may open and enter the unit, removing your lock if necessary, in an emergency (such as fire, flooding or pests), when the police or another authority require it, when we reasonably believe that prohibited items are stored in it, for essential maintenance, or in the case of default under clause 5. Except in an emergency, we will try to tell you beforehand.</p>
<h3>12. Relocation</h3>
<p>12.1 If you ask to move to a different unit, a relocation fee of ${baht(AGREEMENT_FEES.relocation)} THB applies, plus any difference in rent.</p>
<p>12.2 If we need to move your goods to another unit of the same size or larger (for example, for repairs), we will give you reasonable notice and carry out the move at our own cost, with no change to your rent.</p>
<h3>13. Prohibited items</h3>
<p>You must not store:</p>
<ul>
<li><strong>hazardous goods</strong>: flammable or explosive materials, gas bottles, fuel containers, chemicals, toxic or radioactive substances, weapons and ammunition;</li>
<li><strong>perishable goods</strong>: food, drinks that can spoil, plants and anything that attracts pests or gives off odours;</li>
<li><strong>illegal goods</strong>: drugs, stolen or counterfeit goods, and anything it is unlawful to possess under Thai law;</li>
<li><strong>living things</strong>: people or animals of any kind.</li>
</ul>
<p>Cars, motorbikes, boats and jet skis may be stored only in drive-up units, with no more fuel than needed to drive them in and out and with the battery disconnected. We strongly advise you not to store cash, jewellery, important documents or irreplaceable items. You are responsible for any loss, damage or cost caused by prohibited items.</p>
<h3>14. Insurance and risk</h3>
<p>14.1 Insurance is optional. Your choice is shown in the particulars above ({{insurance}}). The cover is 1,000 times the monthly insurance price (for example, 300 THB a month covers goods up to 300,000 THB), up to a maximum of 1,000,000 THB. Claims are subject to the terms of the policy.</p>
<p>14.2 <strong>If you have not chosen insurance, all goods are stored entirely at your own risk</strong>, and you should arrange your own cover.</p>
<h3>15. Our liability</h3>
<p>15.1 We take reasonable care of the facility. We are not liable for loss of or damage to your goods unless it is caused by our gross negligence or wilful misconduct.</p>
<p>15.2 Where we are liable, our total liability is <strong>limited to one month's rent</strong> for your unit. We are not liable for indirect or consequential loss, such as loss of profit or business.</p>
<p>15.3 Nothing in this Agreement limits any liability that cannot be limited under Thai law.</p>
<h3>16. Your responsibilities</h3>
<p>You are responsible for any damage that you, your visitors or your goods cause to the unit, the facility or other customers' goods, including the cost of repair. You must follow the site rules, drive carefully on site and not leave rubbish or goods outside your unit.</p>
<h3>17. Fees</h3>
<table>
<thead><tr><th>Item</th><th>Amount</th></tr></thead>
<tbody>
<tr><td>Late fee (after the ${GRACE_DAYS}-day grace period)</td><td>${LATE_FEE_PCT}% of the monthly rent</td></tr>
<tr><td>Cleaning fee</td><td>${baht(AGREEMENT_FEES.cleaning)} THB</td></tr>
<tr><td>Overlock fee</td><td>${baht(OVERLOCK_FEE)} THB</td></tr>
<tr><td>Cut-lock fee</td><td>${baht(AGREEMENT_FEES.cut_lock)} THB</td></tr>
<tr><td>Lost master lock</td><td>${baht(AGREEMENT_FEES.lost_master_lock)} THB</td></tr>
<tr><td>Relocation fee</td><td>${baht(AGREEMENT_FEES.relocation)} THB</td></tr>
<tr><td>Setup fee (once, includes a lock, non-refundable)</td><td>${baht(SETUP_FEE)} THB</td></tr>
</tbody>
</table>
<h3>18. Notices and contact details</h3>
<p>We send notices to the email address, phone number, LINE or WhatsApp you gave us when booking. You must tell us promptly when your contact details change; a notice sent to the latest details you gave us is treated as received. You can reach us at <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a> or <a href="tel:+66936541234">+66 93 654 1234</a>.</p>
<h3>19. Personal data</h3>
<p>We process your personal data in accordance with our Privacy Policy and Thailand's Personal Data Protection Act B.E. 2562 (2019).</p>
<h3>20. Governing law and language</h3>
<p>This Agreement is governed by the laws of Thailand, and the courts of Phuket have jurisdiction. It is available in English, Thai and Russian; if the versions differ, the English version prevails.</p>
<h3>21. Entire agreement and signature</h3>
<p>This Agreement, together with your booking confirmation and our Terms &amp; Conditions, is the entire agreement between us. By signing electronically, {{customerName}} confirms having read, understood and accepted this Agreement.</p>`;

const TH_AGREEMENT = `<p>สัญญาเช่าพื้นที่เก็บของฉบับนี้ ("สัญญา") ทำขึ้นระหว่าง <strong>บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด</strong> (Phuket Self Storage Co., Ltd.) ตั้งอยู่ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110 ซึ่งต่อไปนี้เรียกว่า "ผู้ให้เช่า" ฝ่ายหนึ่ง กับผู้เช่าตามรายละเอียดด้านล่าง ซึ่งต่อไปนี้เรียกว่า "ผู้เช่า" อีกฝ่ายหนึ่ง</p>
<h3>รายละเอียดการเช่า</h3>
<table>
<tbody>
<tr><th>ชื่อผู้เช่า</th><td>{{customerName}}</td></tr>
<tr><th>ห้องเก็บของ</th><td>{{unit}}</td></tr>
<tr><th>ค่าเช่ารายเดือน</th><td>{{monthlyRate}}</td></tr>
<tr><th>วันเริ่มเช่า (วันย้ายของเข้า)</th><td>{{startDate}}</td></tr>
<tr><th>ระยะเวลาเช่า</th><td>{{term}}</td></tr>
<tr><th>เงินประกัน</th><td>{{deposit}}</td></tr>
<tr><th>ประกันภัย</th><td>{{insurance}}</td></tr>
</tbody>
</table>
<p>ค่าเช่า ค่าธรรมเนียม และจำนวนเงินทั้งหมดในสัญญานี้เป็นสกุลเงินบาท และรวมภาษีมูลค่าเพิ่ม ${VAT_RATE_PCT}% แล้ว</p>
<h3>1. ห้องเก็บของและการใช้งาน</h3>
<p>1.1 ผู้ให้เช่าตกลงให้ผู้เช่าใช้ห้องเก็บของตามที่ระบุข้างต้นเพื่อเก็บทรัพย์สินตามเงื่อนไขของสัญญานี้ ผู้เช่าเป็นผู้ครอบครองและควบคุมห้องรวมถึงทรัพย์สินภายในแต่เพียงผู้เดียว ผู้ให้เช่ามิได้รับฝากทรัพย์สินดังกล่าว</p>
<p>1.2 ผู้เช่าต้องใช้ห้องเพื่อเก็บของเท่านั้น ห้ามพักอาศัยหรือนอนค้างในห้อง ห้ามใช้ห้องเป็นสถานที่ประกอบกิจการที่มีผู้มาติดต่อ ห้ามต่อใช้ไฟฟ้าโดยไม่ได้รับอนุญาต และห้ามดัดแปลงหรือต่อเติมห้องไม่ว่ากรณีใด ๆ</p>
<p>1.3 ผู้เช่าต้องดูแลห้องให้สะอาดและอยู่ในสภาพดี และเมื่อย้ายออกต้องส่งคืนห้องในสภาพว่างเปล่า กวาดทำความสะอาดแล้ว และไม่มีความเสียหาย</p>
<h3>2. ระยะเวลาเช่า</h3>
<p>2.1 สัญญานี้มีผลตั้งแต่วันเริ่มเช่าและมีระยะเวลาตามที่ระบุข้างต้น การเช่าแบบรายเดือนจะต่ออายุโดยอัตโนมัติทุกเดือน จนกว่าฝ่ายใดฝ่ายหนึ่งจะบอกเลิกสัญญาตามข้อ 7</p>
<p>2.2 เมื่อครบระยะเวลาเช่าแบบชำระล่วงหน้า การเช่าจะดำเนินต่อไปแบบรายเดือนในอัตราค่าเช่าที่ใช้อยู่ในขณะนั้น เว้นแต่ผู้เช่าจะแจ้งยกเลิกหรือต่อสัญญาแบบชำระล่วงหน้าใหม่</p>
<h3>3. ค่าเช่าและการชำระเงิน</h3>
<p>3.1 ผู้เช่าต้องชำระค่าเช่าล่วงหน้าเป็นรายเดือน โดย<strong>ครบกำหนดชำระทุกเดือนในวันที่ตรงกับวันย้ายของเข้า</strong> ("วันครบรอบบิล") หากเดือนใดไม่มีวันที่ดังกล่าว ให้ถือวันสุดท้ายของเดือนนั้นเป็นวันครบกำหนดชำระ</p>
<p>3.2 การเช่าแบบชำระล่วงหน้า 3, 6 หรือ 12 เดือน ต้องชำระเต็มจำนวนล่วงหน้าตามอัตราส่วนลดที่ตกลงกันไว้ตอนจอง</p>
<p>3.3 กรณีชำระด้วยบัตร ระบบจะตัดค่าเช่าจากบัตรโดยอัตโนมัติทุกวันครบรอบบิล ผู้เช่าต้องมีบัตรที่ใช้งานได้ผูกไว้เสมอ และแจ้งผู้ให้เช่าเมื่อมีการเปลี่ยนบัตร</p>
<p>3.4 ค่าแรกเข้า ${baht(SETUP_FEE)} บาท (รวมแม่กุญแจ 1 ตัว) ชำระครั้งเดียวตอนจอง และไม่สามารถขอคืนได้</p>
<h3>4. การชำระค่าเช่าล่าช้า</h3>
<ol>
<li>หากผู้เช่าไม่ได้ชำระค่าเช่าภายในวันครบรอบบิล ผู้เช่าจะมี<strong>ระยะผ่อนผัน ${GRACE_DAYS} วัน</strong></li>
<li>หากพ้นระยะผ่อนผันแล้วยังไม่ชำระ ผู้ให้เช่าจะระงับสิทธิ์เข้าพื้นที่ (ปิดรหัส PIN) และเรียกเก็บ<strong>ค่าปรับชำระล่าช้า ${LATE_FEE_PCT}% ของค่าเช่ารายเดือน</strong></li>
<li>สิทธิ์เข้าพื้นที่จะกลับมาใช้ได้ทันทีเมื่อผู้เช่าชำระยอดค้างทั้งหมดครบถ้วน</li>
</ol>
<h3>5. การล็อกซ้อน การผิดนัด และการจัดการทรัพย์สิน</h3>
<p>5.1 หากค่าเช่ายังค้างชำระครบ <strong>${OVERLOCK_DAY} วัน</strong> นับจากวันครบรอบบิล ผู้ให้เช่ามีสิทธิ์ติดตั้งกุญแจของผู้ให้เช่าล็อกซ้อนที่ห้อง และเรียกเก็บค่าล็อกซ้อน ${baht(OVERLOCK_FEE)} บาท</p>
<p>5.2 หากค่าเช่ายังค้างชำระครบ <strong>${DEFAULT_DAY} วัน</strong> นับจากวันครบรอบบิล ให้ถือว่าผู้เช่าผิดนัด ผู้ให้เช่าจะส่งหนังสือแจ้งการผิดนัดไปยังช่องทางติดต่อล่าสุดของผู้เช่า จากนั้นผู้ให้เช่ามีสิทธิ์บอกเลิกสัญญา เปิดห้อง (ค่าตัดกุญแจ ${baht(AGREEMENT_FEES.cut_lock)} บาท) และขายหรือจัดการทรัพย์สินภายในห้องเพื่อนำเงินมาชำระหนี้ที่ค้างอยู่</p>
<p>5.3 เงินที่ได้จากการขายจะนำมาหักชำระยอดค้างทั้งหมด รวมถึงค่าใช้จ่ายตามสมควรในการเปิดห้อง ขนย้าย เก็บรักษา และขายทรัพย์สิน หากมีเงินเหลือ ผู้ให้เช่าจะ<strong>เก็บรักษาไว้ให้ผู้เช่าเป็นเวลา 6 เดือน</strong> หากไม่มีผู้มารับภายในกำหนด จะดำเนินการตามที่กฎหมายกำหนด</p>
<h3>6. เงินประกัน</h3>
<p>6.1 เงินประกันเท่ากับค่าเช่าหนึ่งเดือนตามอัตราปกติ ({{deposit}}) และ<strong>ได้รับการยกเว้นเมื่อชำระด้วยบัตร</strong></p>
<p>6.2 ผู้ให้เช่าจะคืนเงินประกัน<strong>ภายใน ${DEPOSIT_REFUND_DAYS} วันนับจากวันย้ายออก</strong> หลังหักค่าเช่าหรือค่าธรรมเนียมที่ค้างชำระ และค่าทำความสะอาดหรือค่าซ่อมแซมห้อง (ถ้ามี) เงินประกันไม่มีดอกเบี้ย และไม่สามารถนำมาใช้แทนค่าเช่าเดือนสุดท้ายได้</p>
<h3>7. การบอกเลิกสัญญา</h3>
<p>7.1 ผู้เช่าบอกเลิกสัญญาได้โดยแจ้งล่วงหน้า<strong>อย่างน้อย ${CUSTOMER_NOTICE_DAYS} วันก่อนวันครบรอบบิลถัดไป</strong> เป็นลายลักษณ์อักษร (อีเมล LINE หรือ WhatsApp ก็ได้) หรือแจ้งที่สำนักงาน หากแจ้งช้ากว่านั้น ผู้เช่าต้องชำระค่าเช่าของเดือนถัดไป</p>
<p>7.2 ผู้ให้เช่าบอกเลิกสัญญาได้โดยแจ้งเป็นลายลักษณ์อักษรล่วงหน้า<strong>อย่างน้อย ${RENT_NOTICE_DAYS} วัน</strong> หรือบอกเลิกได้เร็วกว่านั้นตามข้อ 5 หรือเมื่อผู้เช่าผิดสัญญาอย่างร้ายแรง เช่น เก็บสิ่งของต้องห้าม</p>
<p>7.3 หากผู้เช่าย้ายออกก่อนครบระยะเวลาเช่าแบบชำระล่วงหน้า ผู้ให้เช่าจะคืนค่าเช่าของเดือนเต็มที่เหลือ โดยคิดค่าเช่าของเดือนที่ใช้ไปแล้วใหม่ตามอัตรารายเดือนปกติ</p>
<p>7.4 เมื่อย้ายออก ผู้เช่าต้องขนทรัพย์สินและถอดกุญแจของตนออกทั้งหมด และส่งคืนห้องในสภาพสะอาดและว่างเปล่า หากผู้ให้เช่าต้องทำความสะอาดหรือขนขยะออกให้ จะเรียกเก็บค่าทำความสะอาด ${baht(AGREEMENT_FEES.cleaning)} บาท</p>
<h3>8. การปรับราคา</h3>
<p>ผู้ให้เช่าอาจปรับค่าเช่ารายเดือน ค่าธรรมเนียม หรือเบี้ยประกันภัยได้ โดยแจ้งเป็นลายลักษณ์อักษรล่วงหน้า<strong>อย่างน้อย ${RENT_NOTICE_DAYS} วัน</strong> ราคาใหม่จะมีผลตั้งแต่วันครบรอบบิลแรกหลังพ้นระยะเวลาแจ้งล่วงหน้า ค่าเช่าที่ผู้เช่าชำระล่วงหน้าไว้แล้วจะไม่เปลี่ยนแปลง</p>
<h3>9. การเข้าพื้นที่และเวลาทำการ</h3>
<p>9.1 ผู้เช่าเข้าออกพื้นที่ได้<strong>ตลอด 24 ชั่วโมง ทุกวัน</strong> ด้วยรหัส PIN ส่วนตัว สำนักงานเปิดทำการ<strong>วันจันทร์–เสาร์ เวลา 9:00–18:00 น.</strong></p>
<p>9.2 รหัส PIN เป็นข้อมูลเฉพาะตัว ผู้เช่าต้องรับผิดชอบต่อบุคคลที่ตนมอบรหัส PIN หรือกุญแจให้ รวมถึงการกระทำของบุคคลนั้นภายในพื้นที่</p>
<p>9.3 ผู้เช่าต้องล็อกห้องทุกครั้งที่ออกจากห้อง และปฏิบัติตามคำแนะนำของเจ้าหน้าที่และระเบียบที่ติดประกาศไว้ในพื้นที่ ผู้ให้เช่าอาจจำกัดการเข้าพื้นที่เป็นการชั่วคราวเพื่อความปลอดภัย การซ่อมบำรุง เหตุฉุกเฉิน หรือตามข้อ 4</p>
<h3>10. แม่กุญแจและลูกกุญแจ</h3>
<p>10.1 ผู้เช่าต้องล็อกห้องด้วยแม่กุญแจของตนเอง ซึ่งแม่กุญแจที่ได้รับพร้อมค่าแรกเข้าถือเป็นของผู้เช่า ผู้ให้เช่าไม่เก็บกุญแจสำรองของผู้เช่า และจะไม่เข้าห้อง เว้นแต่กรณีตามข้อ 11</p>
<p>10.2 หากผู้เช่าทำกุญแจหายและขอให้ผู้ให้เช่าตัดแม่กุญแจ หรือผู้ให้เช่าจำเป็นต้องตัดแม่กุญแจตามสัญญานี้ จะมีค่าตัดกุญแจ ${baht(AGREEMENT_FEES.cut_lock)} บาท</p>
<p>10.3 หากผู้เช่าทำแม่กุญแจหลักหรือกุญแจหลักที่ผู้ให้เช่าจัดให้สูญหาย จะมีค่าเปลี่ยนใหม่ ${baht(AGREEMENT_FEES.lost_master_lock)} บาท</p>
<h3>11. สิทธิ์ในการเข้าห้องของผู้ให้เช่า</h3>
<p>ผู้ให้เช่ามีสิทธิ์เปิดและเข้าห้อง รวมถึงตัดแม่กุญแจหากจำเป็น ในกรณีฉุกเฉิน (เช่น ไฟไหม้ น้ำท่วม หรือมีสัตว์รบกวน) เมื่อเจ้าหน้าที่ตำรวจหรือหน่วยงานราชการร้องขอ เมื่อมีเหตุอันควรเชื่อว่ามีการเก็บสิ่งของต้องห้าม เพื่อการซ่อมบำรุงที่จำเป็น หรือเมื่อผู้เช่าผิดนัดตามข้อ 5 ทั้งนี้ ยกเว้นกรณีฉุกเฉิน ผู้ให้เช่าจะพยายามแจ้งให้ผู้เช่าทราบล่วงหน้า</p>
<h3>12. การย้ายห้อง</h3>
<p>12.1 หากผู้เช่าขอย้ายไปห้องอื่น จะมีค่าธรรมเนียมย้ายห้อง ${baht(AGREEMENT_FEES.relocation)} บาท และผู้เช่าต้องชำระส่วนต่างค่าเช่า (ถ้ามี)</p>
<p>12.2 หากผู้ให้เช่าจำเป็นต้องย้ายทรัพย์สินของผู้เช่าไปยังห้องที่มีขนาดเท่าเดิมหรือใหญ่กว่า (เช่น เพื่อซ่อมแซม) ผู้ให้เช่าจะแจ้งล่วงหน้าในระยะเวลาที่เหมาะสม และออกค่าใช้จ่ายในการขนย้ายเองทั้งหมด โดยค่าเช่าไม่เปลี่ยนแปลง</p>
<h3>13. สิ่งของต้องห้าม</h3>
<p>ห้ามเก็บสิ่งของต่อไปนี้</p>
<ul>
<li><strong>วัตถุอันตราย</strong> เช่น วัตถุไวไฟหรือวัตถุระเบิด ถังแก๊ส ภาชนะบรรจุน้ำมันเชื้อเพลิง สารเคมี สารพิษหรือสารกัมมันตรังสี อาวุธและเครื่องกระสุน</li>
<li><strong>ของเน่าเสียง่าย</strong> เช่น อาหาร เครื่องดื่มที่บูดเสียได้ ต้นไม้ และสิ่งของที่ดึงดูดสัตว์รบกวนหรือส่งกลิ่น</li>
<li><strong>สิ่งของผิดกฎหมาย</strong> เช่น ยาเสพติด ทรัพย์สินที่ได้มาโดยผิดกฎหมาย สินค้าละเมิดลิขสิทธิ์หรือของปลอม และสิ่งของใด ๆ ที่กฎหมายไทยห้ามมีไว้ในครอบครอง</li>
<li><strong>สิ่งมีชีวิต</strong> ทั้งคนและสัตว์ทุกชนิด</li>
</ul>
<p>รถยนต์ รถจักรยานยนต์ เรือ และเจ็ตสกี เก็บได้เฉพาะในห้องแบบขับรถถึงหน้าห้องเท่านั้น โดยให้มีน้ำมันในถังเพียงพอสำหรับขับเข้าออกเท่านั้น และต้องถอดขั้วแบตเตอรี่ออก ผู้ให้เช่าขอแนะนำอย่างยิ่งว่าไม่ควรเก็บเงินสด เครื่องประดับ เอกสารสำคัญ หรือสิ่งของที่หาทดแทนไม่ได้ ผู้เช่าต้องรับผิดชอบต่อความสูญหาย ความเสียหาย หรือค่าใช้จ่ายใด ๆ ที่เกิดจากสิ่งของต้องห้าม</p>
<h3>14. ประกันภัยและความเสี่ยง</h3>
<p>14.1 การทำประกันภัยเป็นทางเลือก ไม่บังคับ ตัวเลือกของผู้เช่าแสดงอยู่ในรายละเอียดการเช่าข้างต้น ({{insurance}}) วงเงินคุ้มครองเท่ากับ 1,000 เท่าของเบี้ยประกันรายเดือน (เช่น เดือนละ 300 บาท คุ้มครองทรัพย์สินได้ถึง 300,000 บาท) สูงสุดไม่เกิน 1,000,000 บาท ทั้งนี้ การเรียกร้องค่าสินไหมทดแทนเป็นไปตามเงื่อนไขของกรมธรรม์</p>
<p>14.2 <strong>หากผู้เช่าไม่ได้เลือกทำประกันภัย ทรัพย์สินทั้งหมดจะจัดเก็บภายใต้ความเสี่ยงของผู้เช่าเองทั้งสิ้น</strong> และผู้เช่าควรจัดหาประกันภัยด้วยตนเอง</p>
<h3>15. ความรับผิดของผู้ให้เช่า</h3>
<p>15.1 ผู้ให้เช่าดูแลรักษาพื้นที่ด้วยความระมัดระวังตามสมควร และไม่ต้องรับผิดต่อการสูญหายหรือเสียหายของทรัพย์สินของผู้เช่า เว้นแต่เกิดจากความประมาทเลินเล่ออย่างร้ายแรงหรือการกระทำโดยจงใจของผู้ให้เช่า</p>
<p>15.2 ในกรณีที่ผู้ให้เช่าต้องรับผิด ความรับผิดทั้งหมดของผู้ให้เช่า<strong>จำกัดไม่เกินค่าเช่าหนึ่งเดือน</strong>ของห้องที่เช่า และผู้ให้เช่าไม่ต้องรับผิดต่อความเสียหายทางอ้อมหรือความเสียหายต่อเนื่อง เช่น การขาดกำไรหรือการสูญเสียโอกาสทางธุรกิจ</p>
<p>15.3 ไม่มีข้อความใดในสัญญานี้ที่จำกัดความรับผิดซึ่งไม่อาจจำกัดได้ตามกฎหมายไทย</p>
<h3>16. หน้าที่ของผู้เช่า</h3>
<p>ผู้เช่าต้องรับผิดชอบต่อความเสียหายที่ผู้เช่า ผู้ที่มากับผู้เช่า หรือทรัพย์สินของผู้เช่าก่อให้เกิดแก่ห้อง พื้นที่ หรือทรัพย์สินของลูกค้ารายอื่น รวมถึงค่าซ่อมแซม ผู้เช่าต้องปฏิบัติตามระเบียบของสถานที่ ขับขี่ด้วยความระมัดระวังภายในพื้นที่ และห้ามทิ้งขยะหรือวางทรัพย์สินไว้นอกห้อง</p>
<h3>17. อัตราค่าธรรมเนียม</h3>
<table>
<thead><tr><th>รายการ</th><th>จำนวนเงิน</th></tr></thead>
<tbody>
<tr><td>ค่าปรับชำระล่าช้า (หลังระยะผ่อนผัน ${GRACE_DAYS} วัน)</td><td>${LATE_FEE_PCT}% ของค่าเช่ารายเดือน</td></tr>
<tr><td>ค่าทำความสะอาด</td><td>${baht(AGREEMENT_FEES.cleaning)} บาท</td></tr>
<tr><td>ค่าล็อกซ้อน</td><td>${baht(OVERLOCK_FEE)} บาท</td></tr>
<tr><td>ค่าตัดกุญแจ</td><td>${baht(AGREEMENT_FEES.cut_lock)} บาท</td></tr>
<tr><td>แม่กุญแจหลักสูญหาย</td><td>${baht(AGREEMENT_FEES.lost_master_lock)} บาท</td></tr>
<tr><td>ค่าย้ายห้อง</td><td>${baht(AGREEMENT_FEES.relocation)} บาท</td></tr>
<tr><td>ค่าแรกเข้า (ครั้งเดียว รวมแม่กุญแจ ไม่คืนเงิน)</td><td>${baht(SETUP_FEE)} บาท</td></tr>
</tbody>
</table>
<h3>18. การแจ้งเตือนและข้อมูลติดต่อ</h3>
<p>ผู้ให้เช่าจะส่งการแจ้งเตือนไปยังอีเมล หมายเลขโทรศัพท์ LINE หรือ WhatsApp ที่ผู้เช่าให้ไว้ตอนจอง ผู้เช่าต้องแจ้งให้ผู้ให้เช่าทราบทันทีเมื่อข้อมูลติดต่อเปลี่ยนแปลง การแจ้งเตือนที่ส่งไปยังข้อมูลติดต่อล่าสุดที่ผู้เช่าให้ไว้ให้ถือว่าผู้เช่าได้รับแล้ว ติดต่อผู้ให้เช่าได้ที่ <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a> หรือโทร <a href="tel:+66936541234">+66 93 654 1234</a></p>
<h3>19. ข้อมูลส่วนบุคคล</h3>
<p>ผู้ให้เช่าประมวลผลข้อมูลส่วนบุคคลของผู้เช่าตามนโยบายความเป็นส่วนตัว และพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562</p>
<h3>20. กฎหมายที่ใช้บังคับและภาษา</h3>
<p>สัญญานี้อยู่ภายใต้บังคับของกฎหมายไทย และให้ศาลในจังหวัดภูเก็ตเป็นศาลที่มีเขตอำนาจพิจารณาข้อพิพาท สัญญานี้จัดทำเป็นภาษาอังกฤษ ภาษาไทย และภาษารัสเซีย หากข้อความในแต่ละฉบับไม่ตรงกัน ให้ถือฉบับภาษาอังกฤษเป็นหลัก</p>
<h3>21. ข้อตกลงทั้งหมดและการลงนาม</h3>
<p>สัญญานี้ รวมถึงใบยืนยันการจองและข้อกำหนดและเงื่อนไขการใช้บริการ ถือเป็นข้อตกลงทั้งหมดระหว่างคู่สัญญา การลงนามทางอิเล็กทรอนิกส์ถือว่า {{customerName}} ได้อ่าน เข้าใจ และตกลงยอมรับสัญญานี้ทุกประการแล้ว</p>`;

const RU_AGREEMENT = `<p>Настоящий договор аренды складского бокса (далее — «Договор») заключён между компанией <strong>Phuket Self Storage Co., Ltd.</strong>, адрес: напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110, Таиланд (далее — «Арендодатель», «мы»), и клиентом, указанным ниже (далее — «Арендатор», «вы»).</p>
<h3>Основные условия</h3>
<table>
<tbody>
<tr><th>Арендатор</th><td>{{customerName}}</td></tr>
<tr><th>Бокс</th><td>{{unit}}</td></tr>
<tr><th>Ежемесячная арендная плата</th><td>{{monthlyRate}}</td></tr>
<tr><th>Дата начала аренды (заезда)</th><td>{{startDate}}</td></tr>
<tr><th>Срок аренды</th><td>{{term}}</td></tr>
<tr><th>Залог</th><td>{{deposit}}</td></tr>
<tr><th>Страхование</th><td>{{insurance}}</td></tr>
</tbody>
</table>
<p>Все суммы в Договоре указаны в тайских батах и включают НДС ${VAT_RATE_PCT}%.</p>
<h3>1. Бокс и его использование</h3>
<p>1.1 Мы предоставляем вам право пользоваться указанным выше боксом для хранения вещей на условиях настоящего Договора. Бокс и его содержимое находятся под вашим исключительным контролем; мы не принимаем ваши вещи на ответственное хранение.</p>
<p>1.2 Бокс можно использовать только для хранения. Запрещается жить или ночевать в нём, вести в нём деятельность с приёмом посетителей, подключаться к электросети без нашего разрешения и каким-либо образом переделывать бокс.</p>
<p>1.3 Вы обязаны содержать бокс в чистоте и исправном состоянии, а при выезде освободить его, подмести и вернуть без повреждений.</p>
<h3>2. Срок аренды</h3>
<p>2.1 Договор вступает в силу в дату начала аренды и действует в течение указанного выше срока. Помесячная аренда автоматически продлевается каждый месяц, пока одна из сторон не расторгнет Договор согласно разделу 7.</p>
<p>2.2 По окончании предоплаченного срока аренда продолжается помесячно по действующей на тот момент ставке, если вы не сообщите о выезде или не продлите аренду на новый предоплаченный срок.</p>
<h3>3. Арендная плата и порядок оплаты</h3>
<p>3.1 Арендная плата вносится ежемесячно авансом. <strong>Срок оплаты — то же число каждого месяца, что и дата заезда</strong> (далее — «расчётная дата»). Если в месяце нет такого числа, оплата производится в последний день месяца.</p>
<p>3.2 Предоплаченные периоды на 3, 6 или 12 месяцев оплачиваются полностью и заранее по ставке со скидкой, согласованной при бронировании.</p>
<p>3.3 При оплате картой арендная плата автоматически списывается с карты в каждую расчётную дату. Карта должна быть действующей; о её замене необходимо сообщить нам.</p>
<p>3.4 Единовременный сбор за оформление составляет ${bahtRu(SETUP_FEE)} бат (включает замок), оплачивается при бронировании и не возвращается.</p>
<h3>4. Просрочка платежа</h3>
<ol>
<li>Если арендная плата не внесена в расчётную дату, у вас есть <strong>льготный период ${GRACE_DAYS} ${ruDays(GRACE_DAYS)}</strong>.</li>
<li>Если по окончании льготного периода оплата не поступила, доступ на территорию приостанавливается (PIN-код блокируется) и начисляется <strong>пеня в размере ${LATE_FEE_PCT}% от месячной арендной платы</strong>.</li>
<li>Доступ восстанавливается сразу после полного погашения задолженности.</li>
</ol>
<h3>5. Блокирующий замок, неисполнение обязательств и распоряжение имуществом</h3>
<p>5.1 Если арендная плата не внесена в течение <strong>${OVERLOCK_DAY} ${ruDays(OVERLOCK_DAY)}</strong> с расчётной даты, мы вправе повесить на бокс собственный блокирующий замок и взимать за это сбор ${bahtRu(OVERLOCK_FEE)} бат.</p>
<p>5.2 Если арендная плата не внесена в течение <strong>${DEFAULT_DAY} ${ruDays(DEFAULT_DAY)}</strong> с расчётной даты, вы считаетесь нарушившим обязательства. Мы направим вам письменное уведомление по последним известным нам контактам, после чего вправе расторгнуть Договор, вскрыть бокс (сбор за срезку замка ${bahtRu(AGREEMENT_FEES.cut_lock)} бат) и продать или утилизировать его содержимое в счёт погашения задолженности.</p>
<p>5.3 Из вырученных средств удерживаются вся задолженность и разумные расходы на вскрытие бокса, вывоз, хранение и продажу вещей. <strong>Остаток хранится для вас в течение 6 месяцев</strong>; если за это время его не востребуют, им распоряжаются в порядке, установленном законом.</p>
<h3>6. Залог</h3>
<p>6.1 Залог равен месячной арендной плате по базовой ставке ({{deposit}}). <strong>При оплате картой залог не взимается.</strong></p>
<p>6.2 Залог возвращается <strong>в течение ${DEPOSIT_REFUND_DAYS} ${ruDays(DEPOSIT_REFUND_DAYS)} после выезда</strong> за вычетом неоплаченной аренды и сборов, а также расходов на уборку или ремонт бокса. Проценты на залог не начисляются, и его нельзя зачесть в оплату последнего месяца аренды.</p>
<h3>7. Расторжение Договора</h3>
<p>7.1 Вы можете расторгнуть Договор, уведомив нас <strong>не менее чем за ${CUSTOMER_NOTICE_DAYS} ${ruDays(CUSTOMER_NOTICE_DAYS)} до следующей расчётной даты</strong> — письменно (подойдут email, LINE или WhatsApp) или лично в офисе. При более позднем уведомлении оплачивается аренда за следующий месяц.</p>
<p>7.2 Мы можем расторгнуть Договор, письменно уведомив вас <strong>не менее чем за ${RENT_NOTICE_DAYS} ${ruDays(RENT_NOTICE_DAYS)}</strong>, а также раньше — согласно разделу 5 или при существенном нарушении Договора, например при хранении запрещённых предметов.</p>
<p>7.3 Если вы выезжаете до окончания предоплаченного срока, мы возвращаем плату за оставшиеся полные месяцы, пересчитав уже использованные месяцы по обычной помесячной ставке.</p>
<p>7.4 При выезде вы обязаны вывезти все вещи, снять свой замок и оставить бокс чистым и пустым. Если уборку или вывоз мусора придётся выполнить нам, взимается сбор за уборку ${bahtRu(AGREEMENT_FEES.cleaning)} бат.</p>
<h3>8. Изменение цен</h3>
<p>Мы можем изменить арендную плату, сборы или стоимость страхования, письменно уведомив вас <strong>не менее чем за ${RENT_NOTICE_DAYS} ${ruDays(RENT_NOTICE_DAYS)}</strong>. Новая цена применяется с первой расчётной даты после окончания срока уведомления. Уже внесённая плата за предоплаченный период не пересматривается.</p>
<h3>9. Доступ и часы работы</h3>
<p>9.1 Доступ на территорию — <strong>круглосуточно, 7 дней в неделю</strong> по личному PIN-коду. Офис работает <strong>с понедельника по субботу с 9:00 до 18:00</strong>.</p>
<p>9.2 PIN-код персональный. Вы несёте ответственность за тех, кому передали PIN-код или ключ, и за их действия на территории.</p>
<p>9.3 Запирайте бокс каждый раз, когда уходите, и соблюдайте указания персонала и правила, размещённые на территории. Мы можем временно ограничить доступ из соображений безопасности, для технического обслуживания, в экстренных случаях или согласно разделу 4.</p>
<h3>10. Замки и ключи</h3>
<p>10.1 Бокс запирается вашим собственным замком; замок, входящий в сбор за оформление, принадлежит вам. Мы не храним дубликаты ваших ключей и не открываем бокс, кроме случаев, указанных в разделе 11.</p>
<p>10.2 Если вы потеряли ключ и просите срезать замок или если мы вынуждены срезать его по условиям Договора, взимается сбор ${bahtRu(AGREEMENT_FEES.cut_lock)} бат.</p>
<p>10.3 За утерю выданного нами мастер-замка или мастер-ключа взимается ${bahtRu(AGREEMENT_FEES.lost_master_lock)} бат.</p>
<h3>11. Наше право доступа в бокс</h3>
<p>Мы вправе открыть бокс и войти в него, при необходимости срезав замок: в экстренной ситуации (пожар, затопление, вредители), по требованию полиции или другого государственного органа, при обоснованном подозрении, что в боксе хранятся запрещённые предметы, для неотложного ремонта, а также при неисполнении обязательств согласно разделу 5. Кроме экстренных случаев, мы постараемся предупредить вас заранее.</p>
<h3>12. Переезд в другой бокс</h3>
<p>12.1 Если вы хотите перейти в другой бокс, взимается сбор за переезд ${bahtRu(AGREEMENT_FEES.relocation)} бат и доплачивается разница в арендной плате, если она есть.</p>
<p>12.2 Если нам потребуется перенести ваши вещи в бокс того же или большего размера (например, на время ремонта), мы заранее предупредим вас и выполним переезд за свой счёт, без изменения арендной платы.</p>
<h3>13. Запрещённые предметы</h3>
<p>Запрещается хранить:</p>
<ul>
<li><strong>опасные вещества и предметы</strong>: легковоспламеняющиеся и взрывчатые материалы, газовые баллоны, канистры с топливом, химикаты, ядовитые и радиоактивные вещества, оружие и боеприпасы;</li>
<li><strong>скоропортящиеся продукты</strong>: еду, портящиеся напитки, растения и всё, что привлекает вредителей или издаёт запах;</li>
<li><strong>незаконные предметы</strong>: наркотики, краденые и контрафактные товары, а также всё, владение чем запрещено законами Таиланда;</li>
<li><strong>живых существ</strong>: людей и любых животных.</li>
</ul>
<p>Автомобили, мотобайки, лодки и гидроциклы можно хранить только в боксах с подъездом, с минимальным запасом топлива для въезда и выезда и с отключённым аккумулятором. Настоятельно не рекомендуем хранить наличные, ювелирные украшения, важные документы и незаменимые вещи. Вы несёте ответственность за любые убытки, повреждения и расходы, вызванные хранением запрещённых предметов.</p>
<h3>14. Страхование и риски</h3>
<p>14.1 Страхование не является обязательным. Ваш выбор указан в основных условиях выше ({{insurance}}). Страховое покрытие равно ежемесячному взносу, умноженному на 1000 (например, взнос 300 бат в месяц даёт покрытие до 300 000 бат), но не более 1 000 000 бат. Выплаты производятся на условиях страхового полиса.</p>
<p>14.2 <strong>Если вы не оформили страховку, все вещи хранятся исключительно на ваш собственный риск</strong>, и мы рекомендуем застраховать их самостоятельно.</p>
<h3>15. Наша ответственность</h3>
<p>15.1 Мы проявляем разумную заботу о территории и не несём ответственности за утрату или повреждение ваших вещей, если они не вызваны нашей грубой неосторожностью или умышленными действиями.</p>
<p>15.2 Если ответственность всё же возникает, её общий размер <strong>ограничен суммой месячной арендной платы</strong> за ваш бокс. Мы не отвечаем за косвенные убытки, такие как упущенная выгода или потеря бизнеса.</p>
<p>15.3 Ничто в настоящем Договоре не ограничивает ответственность, которая не может быть ограничена по законодательству Таиланда.</p>
<h3>16. Ваши обязанности</h3>
<p>Вы отвечаете за ущерб, причинённый вами, вашими посетителями или вашими вещами боксу, территории или имуществу других клиентов, и возмещаете стоимость ремонта. Соблюдайте правила площадки, передвигайтесь по территории осторожно и не оставляйте мусор или вещи за пределами бокса.</p>
<h3>17. Сборы</h3>
<table>
<thead><tr><th>Позиция</th><th>Сумма</th></tr></thead>
<tbody>
<tr><td>Пеня за просрочку (после ${GRACE_DAYS}-дневного льготного периода)</td><td>${LATE_FEE_PCT}% от месячной арендной платы</td></tr>
<tr><td>Уборка</td><td>${bahtRu(AGREEMENT_FEES.cleaning)} бат</td></tr>
<tr><td>Блокирующий замок</td><td>${bahtRu(OVERLOCK_FEE)} бат</td></tr>
<tr><td>Срезка замка</td><td>${bahtRu(AGREEMENT_FEES.cut_lock)} бат</td></tr>
<tr><td>Утеря мастер-замка</td><td>${bahtRu(AGREEMENT_FEES.lost_master_lock)} бат</td></tr>
<tr><td>Переезд в другой бокс</td><td>${bahtRu(AGREEMENT_FEES.relocation)} бат</td></tr>
<tr><td>Оформление (единовременно, включает замок, не возвращается)</td><td>${bahtRu(SETUP_FEE)} бат</td></tr>
</tbody>
</table>
<h3>18. Уведомления и контакты</h3>
<p>Уведомления направляются на email, номер телефона, в LINE или WhatsApp, указанные вами при бронировании. Своевременно сообщайте нам об изменении контактных данных: уведомление, отправленное по последним указанным вами контактам, считается полученным. Связаться с нами можно по адресу <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a> или по телефону <a href="tel:+66936541234">+66 93 654 1234</a>.</p>
<h3>19. Персональные данные</h3>
<p>Мы обрабатываем ваши персональные данные в соответствии с Политикой конфиденциальности и Законом Таиланда о защите персональных данных B.E. 2562 (2019).</p>
<h3>20. Применимое право и язык</h3>
<p>Договор регулируется законодательством Таиланда; споры рассматриваются судами провинции Пхукет. Договор составлен на английском, тайском и русском языках; при расхождении текстов преимущественную силу имеет английская версия.</p>
<h3>21. Полнота соглашения и подписание</h3>
<p>Настоящий Договор вместе с подтверждением бронирования и Условиями использования составляет полное соглашение сторон. Подписывая Договор электронной подписью, {{customerName}} подтверждает, что прочитал(а), понял(а) и принимает все его условия.</p>`;

export interface DefaultAgreement {
  title: string;
  html: string;
}

export const DEFAULT_AGREEMENT: Record<Locale, DefaultAgreement> = {
  en: { title: 'Self-Storage Rental Agreement', html: EN_AGREEMENT },
  th: { title: 'สัญญาเช่าพื้นที่เก็บของ', html: TH_AGREEMENT },
  ru: { title: 'Договор аренды складского бокса', html: RU_AGREEMENT },
};

/** Version and date of the built-in text, as the seed records its first database version. */
export const DEFAULT_AGREEMENT_VERSION = 1;
export const DEFAULT_AGREEMENT_DATE = bangkokMidnight('2025-06-22');
