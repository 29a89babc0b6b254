import { DEFAULT_AGREEMENT } from '@/lib/legal/default-agreement';
import { DEPOSIT_REFUND_DAYS } from '@/lib/legal/rental-terms';
import { FIRST_MONTH_OFF_PCT, SETUP_FEE, TERMS, VAT_RATE_PCT, WHT_RATE_PCT } from '@/lib/pricing/catalog';
import { MOVE_IN_WINDOW_DAYS } from '@/lib/dates/bangkok';
import { OFFLINE_HOLD_MS } from '@/lib/holds/rules';
import { PRIVACY_REQUEST_DAYS } from '@/lib/retention/privacy-requests';
import { baht, ruDays, ruHours } from '@/lib/legal/figures';
import type { SeedLegalDocument } from './types';

/**
 * Legal documents seeded for each locale (en, th, ru).
 *
 * - rental_agreement: the built-in default of lib/legal/default-agreement.ts, so staff start from the text the site
 *   shows when no document is active.
 * - terms_conditions: Version 1, last updated 22 June 2025.
 * - privacy_policy: written in the spirit of Thailand's PDPA B.E. 2562 (2019).
 *
 * Content is simple HTML limited to: h2 h3 p ul ol li strong em a br
 * table thead tbody tr th td.
 */

// Every period, fee and rate the code keeps is written from its constant (lib/legal/figures.ts), so the seeded terms
// say what the booking, billing and privacy code then do.
const HOLD_HOURS = OFFLINE_HOLD_MS / 3_600_000;

// ---------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------


const EN_TERMS = `<p><strong>Version 1</strong>, last updated 22 June 2025</p>
<p>These Terms &amp; Conditions apply to your use of the Phuket Self Storage website and to bookings made through it. Please read them together with our Rental Agreement and Privacy Policy. By using the website or making a booking, you accept these terms.</p>
<h3>1. About us</h3>
<p>This website is operated by <strong>Phuket Self Storage Co., Ltd.</strong>, Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110, Thailand. Our office is open Monday to Saturday, 9:00–18:00, and customers have 24/7 PIN access to the facility.</p>
<h3>2. Using the website</h3>
<ul>
<li>Use the website only for lawful purposes, and give accurate and complete information when you book.</li>
<li>Do not try to gain unauthorised access to the website, to other customers' bookings or to our systems, and do not disrupt the website, for example by automated scraping or overloading it.</li>
<li>We may suspend or change any part of the website, for example for maintenance, without notice.</li>
</ul>
<h3>3. Prices and availability</h3>
<p>All prices are in Thai baht and <strong>include VAT at ${VAT_RATE_PCT}%</strong>. Availability on the website is updated in real time, but a unit is only reserved for you once your booking has been submitted. If a price shown is obviously wrong because of an error, we will contact you and you may cancel free of charge.</p>
<h3>4. Making a booking</h3>
<ol>
<li>You must be at least 20 years old (the age of majority in Thailand), or be authorised to book on behalf of a registered business.</li>
<li>You choose a unit type, a rental term, a move-in date (from today up to ${MOVE_IN_WINDOW_DAYS} days ahead), optional insurance and packing supplies, and a payment method.</li>
<li>You read and sign the Rental Agreement electronically before submitting your booking.</li>
<li>After submitting, you receive a booking reference beginning with <strong>BF2-</strong> by email. We assign a specific unit of the type you chose and show you its number once the booking is confirmed.</li>
</ol>
<h3>5. Payment methods and holds</h3>
<table>
<thead><tr><th>Payment method</th><th>How long we hold your unit</th></tr></thead>
<tbody>
<tr><td>Card or PromptPay</td><td>Until the secure checkout is completed or expires</td></tr>
<tr><td>Bank transfer</td><td>${HOLD_HOURS} hours to send your payment; once you have uploaded your slip, until our staff have checked it</td></tr>
<tr><td>Crypto (Bitcoin, USDT)</td><td>${HOLD_HOURS} hours to send your payment; once you have told us it is sent, until our staff have checked it</td></tr>
<tr><td>Cash at our office</td><td>${HOLD_HOURS} hours to come and pay at our office; after that, until our staff have been in touch with you</td></tr>
</tbody>
</table>
<p>If no payment has been completed or sent within this time, the booking expires and the unit is released. A booking whose payment has been sent, or that is paid in cash, is not released without our staff checking first. Crypto amounts are converted from the baht total at the exchange rate shown when you book, and network fees are paid by the sender. Card payments renew automatically each month.</p>
<h3>6. Fees, deposit and discounts</h3>
<ul>
<li><strong>Setup fee:</strong> ${baht(SETUP_FEE)} THB, payable once, includes a lock, non-refundable.</li>
<li><strong>Security deposit:</strong> one month's rent, refundable within ${DEPOSIT_REFUND_DAYS} days of move-out; <strong>waived when you pay by card</strong>.</li>
<li><strong>Prepaid discounts:</strong> ${TERMS['3m'].discountPct}% for 3 months, ${TERMS['6m'].discountPct}% for 6 months and ${TERMS['12m'].discountPct}% for 12 months, paid in advance.</li>
<li><strong>The Stack:</strong> ${FIRST_MONTH_OFF_PCT}% off the first month.</li>
<li><strong>Promo codes:</strong> one code per booking. Codes may have an expiry date and a limited number of uses, cannot be exchanged for cash and reduce the rent only.</li>
</ul>
<h3>7. Business customers</h3>
<p>Business customers receive a full tax invoice. Please give your company's registered name and address and its 13-digit tax ID. Where the law requires it, you may deduct ${WHT_RATE_PCT}% withholding tax from the rent (calculated on the rent excluding VAT); please send us the withholding tax certificate promptly after payment.</p>
<h3>8. Insurance</h3>
<p>Insurance is optional. You can choose cover from 100 to 1,000 THB a month; the cover equals the monthly price × 1,000 (for example, 1,000 THB a month covers goods up to 1,000,000 THB). If you choose no insurance, your goods are stored at your own risk.</p>
<h3>9. Changes and cancellation before move-in</h3>
<p>To change your move-in date or unit size, contact us before your move-in date; changes depend on availability. You can cancel a booking free of charge before your move-in date: we refund everything you paid except the setup fee within 14 days, to the original payment method where possible. Bookings that expire unpaid are cancelled automatically at no cost.</p>
<h3>10. The Rental Agreement</h3>
<p>From your move-in date, your rental is governed by the Rental Agreement you signed. If these terms and the Rental Agreement differ, the Rental Agreement prevails.</p>
<h3>11. Chat assistant, reviews and links</h3>
<p>Our chat assistant gives general information to help you choose a unit. It can make mistakes, and its answers are neither an offer nor part of your contract; the prices and terms shown when you book are the ones that apply. Reviews on the website come from Google and reflect the views of their authors. Links to other websites are provided for convenience, and we are not responsible for their content.</p>
<h3>12. Intellectual property</h3>
<p>The content of this website, including its text, illustrations and logos, belongs to Phuket Self Storage Co., Ltd. or its licensors and may not be copied for commercial use without our permission.</p>
<h3>13. Liability</h3>
<p>We take care to keep the website accurate and available, but we cannot guarantee that it will always be free of errors or interruptions. We are not liable for losses caused by the website being unavailable or by events beyond our reasonable control. Nothing in these terms limits your rights as a consumer under Thai law.</p>
<h3>14. Changes to these terms</h3>
<p>We may update these terms from time to time; the version and date at the top show when they last changed. A booking is governed by the terms in force when it was made.</p>
<h3>15. Governing law</h3>
<p>These terms are governed by the laws of Thailand, and the courts of Phuket have jurisdiction.</p>
<h3>16. Contact us</h3>
<p><strong>Phuket Self Storage Co., Ltd.</strong><br>Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110<br>Email: <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a><br>Phone: <a href="tel:+66936541234">+66 93 654 1234</a><br>Office: Monday to Saturday, 9:00–18:00</p>`;

const EN_PRIVACY = `<p><strong>Version 3</strong>, last updated 28 November 2026</p>
<p>This Privacy Policy explains how <strong>Phuket Self Storage Co., Ltd.</strong> ("we", "us") collects, uses, shares and protects your personal data when you visit our website, book or rent a storage unit, or contact us. We act as the data controller under Thailand's Personal Data Protection Act B.E. 2562 (2019) ("PDPA").</p>
<h3>1. Who is responsible for your data</h3>
<p>Phuket Self Storage Co., Ltd., Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110, Thailand. For any privacy question or request, email <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a> or call <a href="tel:+66936541234">+66 93 654 1234</a>.</p>
<h3>2. The personal data we collect</h3>
<ul>
<li><strong>Identity and contact details:</strong> name, email address, phone number, LINE or WhatsApp contact, postal address and preferred language.</li>
<li><strong>Booking and rental details:</strong> unit, rental term, move-in date, insurance and supplies chosen, your electronic signature on the Rental Agreement, and your booking history.</li>
<li><strong>Business details:</strong> company name, registered address, tax ID and the name of the person booking.</li>
<li><strong>Payment details:</strong> payment method, amounts and status. Card and PromptPay payments are processed by our payment provider; we never see or store your full card number. For bank transfer and crypto we keep the payment proof you upload and the transaction reference.</li>
<li><strong>Identity verification:</strong> before we issue your gate PIN, a copy of your Thai ID card or passport (companies: the company certificate) that you upload from your booking page and, only if you choose to add one, a selfie holding it. Please cover the religion and blood type on a Thai ID card: we do not need them. If they are still visible, our staff black them out on the image before checking it, and only the masked image is kept.</li>
<li><strong>Facility security:</strong> your gate PIN (stored encrypted) and the records of its issue, suspension and changes, CCTV images recorded at the facility, and photos of the unit's condition at move-in and move-out taken by you or our staff.</li>
<li><strong>Communications:</strong> emails, messages and chat assistant conversations, waiting list requests and, only if you link your LINE account, your LINE user id and the messages we send you there.</li>
<li><strong>Website use:</strong> IP address, browser and device type, pages visited and cookies (see section 10).</li>
</ul>
<h3>3. Why we use your data and our legal basis</h3>
<table>
<thead><tr><th>Purpose</th><th>Legal basis under the PDPA</th></tr></thead>
<tbody>
<tr><td>Taking your booking, providing the unit, billing, collecting payment and managing your rental</td><td>Performance of a contract</td></tr>
<tr><td>Issuing receipts and tax invoices and keeping accounting records</td><td>Legal obligation</td></tr>
<tr><td>Keeping the facility, your goods and our customers safe (PIN access, CCTV) and preventing fraud</td><td>Legitimate interests</td></tr>
<tr><td>Answering your questions, chat assistant, telling you when a unit on your waiting list becomes free</td><td>Legitimate interests, or steps taken at your request before a contract</td></tr>
<tr><td>Improving our website and services with analytics</td><td>Consent (non-essential cookies) or legitimate interests</td></tr>
<tr><td>Sending offers and news</td><td>Consent, which you can withdraw at any time</td></tr>
</tbody>
</table>
<h3>4. Who we share your data with</h3>
<p>We share only what is necessary with: payment providers; our email, hosting and IT providers; the provider of our chat assistant (only the messages you type in the chat); the insurer, if you choose insurance; our accountants and legal advisers; and the police, courts or government authorities where the law requires it. We do not sell your personal data.</p>
<h3>5. Transfers outside Thailand</h3>
<p>Some of our service providers store data outside Thailand. When this happens, we make sure the transfer meets the requirements of the PDPA, for example through contractual safeguards.</p>
<h3>6. How long we keep your data</h3>
<p>{{retentionTable}}</p>
<p>After these periods we delete or anonymise your data.</p>
<h3>7. How we protect your data</h3>
<p>We use encrypted connections (HTTPS), access controls so that only authorised staff see customer data, secure storage of uploaded documents, and regular backups. Our staff are trained to handle personal data confidentially. Every staff view of an identity document, a gate PIN or an export of your data is logged. If a breach of your personal data happens, we record it, notify the Office of the Personal Data Protection Committee within 72 hours of discovering it unless it is unlikely to put you at risk, and tell you without delay if the risk to you is high.</p>
<h3>8. Your rights</h3>
<p>Under the PDPA you have the right to:</p>
<ul>
<li>be informed about how your data is used;</li>
<li>access your data and obtain a copy;</li>
<li>receive your data in a commonly used electronic format or have it sent to another controller;</li>
<li>object to the use of your data;</li>
<li>ask us to delete, destroy or anonymise your data;</li>
<li>ask us to restrict the use of your data;</li>
<li>ask us to correct inaccurate or incomplete data;</li>
<li>withdraw your consent at any time, without affecting processing carried out before;</li>
<li>complain to the Office of the Personal Data Protection Committee (PDPC), <a href="https://www.pdpc.or.th">www.pdpc.or.th</a>.</li>
</ul>
<p>To use your rights, use "Your personal data" on your booking page (a copy of your data, a correction or erasure) or contact us as shown in section 1. We will reply within ${PRIVACY_REQUEST_DAYS} days. Some rights are limited by law, for example we must keep tax records for the legal period.</p>
<h3>9. Automated answers</h3>
<p>Our chat assistant uses an AI model to answer questions. It does not make decisions about you; bookings, payments and verifications are handled by our systems and staff.</p>
<h3>10. Cookies</h3>
<p>We use essential cookies to remember your language, keep you signed in and save your booking progress. Analytics and marketing cookies (through Google Tag Manager) are used only if you agree in the cookie choice shown on your first visit; we record your choice, the version of this policy and the time. You can change your choice at any time with "Cookie settings" at the foot of every page, and withdrawing stops them at once. You can also block or delete cookies in your browser settings, but some features may then stop working.</p>
<h3>11. Children</h3>
<p>Our services are intended for adults. We do not knowingly collect personal data from children under 20 without the consent of a parent or guardian.</p>
<h3>12. Changes to this policy</h3>
<p>We may update this policy from time to time. The date at the top shows the latest version, and we will tell you about significant changes by email or on the website.</p>
<h3>13. Contact us</h3>
<p><strong>Phuket Self Storage Co., Ltd.</strong><br>Opposite Boat Avenue, Cherngtalay, Thalang, Phuket 83110<br>Email: <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a><br>Phone: <a href="tel:+66936541234">+66 93 654 1234</a></p>`;

// ---------------------------------------------------------------------------
// Thai
// ---------------------------------------------------------------------------


const TH_TERMS = `<p><strong>ฉบับที่ 1</strong> ปรับปรุงล่าสุดเมื่อวันที่ 22 มิถุนายน 2568</p>
<p>ข้อกำหนดและเงื่อนไขนี้ใช้กับการใช้งานเว็บไซต์ภูเก็ต เซลฟ์ สตอเรจ และการจองผ่านเว็บไซต์ โปรดอ่านควบคู่กับสัญญาเช่าและนโยบายความเป็นส่วนตัวของเรา การใช้งานเว็บไซต์หรือการจองถือว่าท่านยอมรับข้อกำหนดเหล่านี้แล้ว</p>
<h3>1. เกี่ยวกับเรา</h3>
<p>เว็บไซต์นี้ดำเนินการโดย <strong>บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด</strong> ตั้งอยู่ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110 สำนักงานเปิดทำการวันจันทร์–เสาร์ เวลา 9:00–18:00 น. และลูกค้าเข้าออกพื้นที่ได้ตลอด 24 ชั่วโมงด้วยรหัส PIN</p>
<h3>2. การใช้งานเว็บไซต์</h3>
<ul>
<li>ใช้งานเว็บไซต์เพื่อวัตถุประสงค์ที่ชอบด้วยกฎหมายเท่านั้น และให้ข้อมูลที่ถูกต้องครบถ้วนเมื่อทำการจอง</li>
<li>ห้ามพยายามเข้าถึงเว็บไซต์ ข้อมูลการจองของลูกค้ารายอื่น หรือระบบของเราโดยไม่ได้รับอนุญาต และห้ามรบกวนการทำงานของเว็บไซต์ เช่น ดึงข้อมูลด้วยโปรแกรมอัตโนมัติหรือส่งคำขอจำนวนมากจนระบบทำงานหนักเกินไป</li>
<li>เราอาจระงับหรือเปลี่ยนแปลงส่วนใดส่วนหนึ่งของเว็บไซต์ เช่น เพื่อการปรับปรุงระบบ โดยไม่ต้องแจ้งให้ทราบล่วงหน้า</li>
</ul>
<h3>3. ราคาและห้องว่าง</h3>
<p>ราคาทั้งหมดเป็นสกุลเงินบาทและ<strong>รวมภาษีมูลค่าเพิ่ม ${VAT_RATE_PCT}% แล้ว</strong> ข้อมูลห้องว่างบนเว็บไซต์อัปเดตแบบเรียลไทม์ แต่ห้องจะถูกจองไว้ให้ท่านก็ต่อเมื่อท่านส่งการจองเรียบร้อยแล้วเท่านั้น หากราคาที่แสดงผิดพลาดอย่างเห็นได้ชัด เราจะติดต่อท่าน และท่านสามารถยกเลิกการจองได้โดยไม่มีค่าใช้จ่าย</p>
<h3>4. การจอง</h3>
<ol>
<li>ผู้จองต้องมีอายุอย่างน้อย 20 ปีบริบูรณ์ (บรรลุนิติภาวะตามกฎหมายไทย) หรือได้รับมอบอำนาจให้จองในนามนิติบุคคลที่จดทะเบียนแล้ว</li>
<li>ท่านเลือกประเภทห้อง ระยะเวลาเช่า วันย้ายของเข้า (ตั้งแต่วันนี้ถึงล่วงหน้า ${MOVE_IN_WINDOW_DAYS} วัน) ประกันภัยและอุปกรณ์แพ็กของตามต้องการ และวิธีชำระเงิน</li>
<li>ท่านอ่านและลงนามในสัญญาเช่าทางอิเล็กทรอนิกส์ก่อนส่งการจอง</li>
<li>หลังส่งการจอง ท่านจะได้รับหมายเลขการจองที่ขึ้นต้นด้วย <strong>BF2-</strong> ทางอีเมล เราจะจัดห้องตามประเภทที่ท่านเลือกให้ และแจ้งหมายเลขห้องเมื่อการจองได้รับการยืนยันแล้ว</li>
</ol>
<h3>5. วิธีชำระเงินและระยะเวลากันห้อง</h3>
<table>
<thead><tr><th>วิธีชำระเงิน</th><th>ระยะเวลาที่เรากันห้องไว้ให้</th></tr></thead>
<tbody>
<tr><td>บัตรหรือพร้อมเพย์</td><td>จนกว่าการชำระเงินผ่านหน้าชำระเงินที่ปลอดภัยจะเสร็จสิ้นหรือหมดเวลา</td></tr>
<tr><td>โอนเงินผ่านธนาคาร</td><td>${HOLD_HOURS} ชั่วโมงเพื่อชำระเงิน เมื่ออัปโหลดสลิปแล้ว เรากันห้องไว้จนกว่าเจ้าหน้าที่จะตรวจสอบเสร็จ</td></tr>
<tr><td>คริปโต (Bitcoin, USDT)</td><td>${HOLD_HOURS} ชั่วโมงเพื่อชำระเงิน เมื่อแจ้งว่าโอนแล้ว เรากันห้องไว้จนกว่าเจ้าหน้าที่จะตรวจสอบเสร็จ</td></tr>
<tr><td>เงินสดที่สำนักงาน</td><td>${HOLD_HOURS} ชั่วโมงเพื่อมาชำระที่สำนักงาน หลังจากนั้นจนกว่าเจ้าหน้าที่จะติดต่อท่าน</td></tr>
</tbody>
</table>
<p>หากไม่มีการชำระเงินหรือแจ้งการโอนภายในเวลาดังกล่าว การจองจะหมดอายุและห้องจะถูกปล่อยให้ผู้อื่นจอง การจองที่แจ้งการโอนแล้วหรือเลือกชำระด้วยเงินสดจะไม่ถูกปล่อยก่อนเจ้าหน้าที่ตรวจสอบ ยอดชำระด้วยคริปโตคำนวณจากยอดรวมเป็นเงินบาทตามอัตราแลกเปลี่ยนที่แสดงตอนจอง และผู้โอนเป็นผู้รับผิดชอบค่าธรรมเนียมเครือข่าย การชำระด้วยบัตรจะตัดเงินอัตโนมัติทุกเดือน</p>
<h3>6. ค่าธรรมเนียม เงินประกัน และส่วนลด</h3>
<ul>
<li><strong>ค่าแรกเข้า:</strong> ${baht(SETUP_FEE)} บาท ชำระครั้งเดียว รวมแม่กุญแจ และไม่คืนเงิน</li>
<li><strong>เงินประกัน:</strong> เท่ากับค่าเช่าหนึ่งเดือน คืนภายใน ${DEPOSIT_REFUND_DAYS} วันหลังย้ายออก และ<strong>ยกเว้นเมื่อชำระด้วยบัตร</strong></li>
<li><strong>ส่วนลดชำระล่วงหน้า:</strong> ลด ${TERMS['3m'].discountPct}% สำหรับ 3 เดือน ลด ${TERMS['6m'].discountPct}% สำหรับ 6 เดือน และลด ${TERMS['12m'].discountPct}% สำหรับ 12 เดือน</li>
<li><strong>The Stack:</strong> ลด ${FIRST_MONTH_OFF_PCT}% สำหรับเดือนแรก</li>
<li><strong>โค้ดส่วนลด:</strong> ใช้ได้หนึ่งโค้ดต่อการจอง โค้ดอาจมีวันหมดอายุและจำกัดจำนวนครั้งการใช้ ไม่สามารถแลกเป็นเงินสดได้ และใช้ลดได้เฉพาะค่าเช่าเท่านั้น</li>
</ul>
<h3>7. ลูกค้านิติบุคคล</h3>
<p>ลูกค้านิติบุคคลจะได้รับใบกำกับภาษีเต็มรูป กรุณาระบุชื่อและที่อยู่ตามที่จดทะเบียน และเลขประจำตัวผู้เสียภาษี 13 หลัก ในกรณีที่กฎหมายกำหนด ท่านสามารถหักภาษี ณ ที่จ่าย ${WHT_RATE_PCT}% จากค่าเช่า (คำนวณจากค่าเช่าก่อนภาษีมูลค่าเพิ่ม) และกรุณาส่งหนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ให้เราโดยเร็วหลังชำระเงิน</p>
<h3>8. ประกันภัย</h3>
<p>การทำประกันภัยเป็นทางเลือก ท่านเลือกความคุ้มครองได้ตั้งแต่เดือนละ 100 ถึง 1,000 บาท โดยวงเงินคุ้มครองเท่ากับเบี้ยรายเดือน × 1,000 (เช่น เดือนละ 1,000 บาท คุ้มครองทรัพย์สินได้ถึง 1,000,000 บาท) หากไม่ทำประกันภัย ทรัพย์สินจะจัดเก็บภายใต้ความเสี่ยงของท่านเอง</p>
<h3>9. การเปลี่ยนแปลงและยกเลิกก่อนวันย้ายของเข้า</h3>
<p>หากต้องการเปลี่ยนวันย้ายของเข้าหรือขนาดห้อง กรุณาติดต่อเราก่อนวันย้ายของเข้า ทั้งนี้ขึ้นอยู่กับห้องว่าง ท่านยกเลิกการจองได้โดยไม่มีค่าใช้จ่ายก่อนวันย้ายของเข้า เราจะคืนเงินทั้งหมดที่ท่านชำระ ยกเว้นค่าแรกเข้า ภายใน 14 วัน ผ่านช่องทางเดิมที่ใช้ชำระเงินเมื่อทำได้ การจองที่หมดอายุโดยยังไม่ได้ชำระเงินจะถูกยกเลิกโดยอัตโนมัติโดยไม่มีค่าใช้จ่าย</p>
<h3>10. สัญญาเช่า</h3>
<p>ตั้งแต่วันย้ายของเข้า การเช่าของท่านจะอยู่ภายใต้สัญญาเช่าที่ท่านลงนามไว้ หากข้อกำหนดนี้กับสัญญาเช่าไม่ตรงกัน ให้ถือตามสัญญาเช่าเป็นหลัก</p>
<h3>11. ผู้ช่วยแชต รีวิว และลิงก์ภายนอก</h3>
<p>ผู้ช่วยแชตของเราให้ข้อมูลทั่วไปเพื่อช่วยท่านเลือกห้อง ซึ่งอาจมีข้อผิดพลาดได้ และคำตอบของผู้ช่วยแชตไม่ถือเป็นข้อเสนอหรือส่วนหนึ่งของสัญญา ราคาและเงื่อนไขที่ใช้บังคับคือที่แสดงตอนจอง รีวิวบนเว็บไซต์มาจาก Google และเป็นความคิดเห็นของผู้เขียนรีวิว ลิงก์ไปยังเว็บไซต์อื่นมีไว้เพื่อความสะดวก และเราไม่รับผิดชอบต่อเนื้อหาของเว็บไซต์เหล่านั้น</p>
<h3>12. ทรัพย์สินทางปัญญา</h3>
<p>เนื้อหาบนเว็บไซต์นี้ รวมถึงข้อความ ภาพประกอบ และโลโก้ เป็นกรรมสิทธิ์ของบริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด หรือผู้อนุญาตให้ใช้สิทธิ์ ห้ามคัดลอกไปใช้ในเชิงพาณิชย์โดยไม่ได้รับอนุญาต</p>
<h3>13. ความรับผิด</h3>
<p>เราดูแลให้ข้อมูลบนเว็บไซต์ถูกต้องและใช้งานได้เสมอ แต่ไม่อาจรับประกันได้ว่าเว็บไซต์จะปราศจากข้อผิดพลาดหรือไม่มีการหยุดชะงัก เราไม่ต้องรับผิดต่อความเสียหายที่เกิดจากการที่เว็บไซต์ใช้งานไม่ได้ หรือจากเหตุการณ์ที่อยู่นอกเหนือการควบคุมตามสมควรของเรา ทั้งนี้ ข้อกำหนดนี้ไม่จำกัดสิทธิของท่านในฐานะผู้บริโภคตามกฎหมายไทย</p>
<h3>14. การเปลี่ยนแปลงข้อกำหนด</h3>
<p>เราอาจปรับปรุงข้อกำหนดนี้เป็นครั้งคราว โดยฉบับและวันที่ด้านบนแสดงการปรับปรุงครั้งล่าสุด การจองแต่ละครั้งอยู่ภายใต้ข้อกำหนดที่มีผลใช้บังคับในวันที่ทำการจอง</p>
<h3>15. กฎหมายที่ใช้บังคับ</h3>
<p>ข้อกำหนดนี้อยู่ภายใต้บังคับของกฎหมายไทย และให้ศาลในจังหวัดภูเก็ตเป็นศาลที่มีเขตอำนาจ</p>
<h3>16. ติดต่อเรา</h3>
<p><strong>บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด</strong><br>ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110<br>อีเมล: <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a><br>โทร: <a href="tel:+66936541234">+66 93 654 1234</a><br>สำนักงาน: วันจันทร์–เสาร์ เวลา 9:00–18:00 น.</p>`;

const TH_PRIVACY = `<p><strong>ฉบับที่ 3</strong> ปรับปรุงล่าสุดเมื่อวันที่ 28 พฤศจิกายน 2569</p>
<p>นโยบายความเป็นส่วนตัวนี้อธิบายว่า <strong>บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด</strong> ("เรา") เก็บรวบรวม ใช้ เปิดเผย และคุ้มครองข้อมูลส่วนบุคคลของท่านอย่างไร เมื่อท่านเข้าชมเว็บไซต์ จองหรือเช่าห้องเก็บของ หรือติดต่อเรา โดยเราเป็นผู้ควบคุมข้อมูลส่วนบุคคลตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ("PDPA")</p>
<h3>1. ผู้ควบคุมข้อมูลส่วนบุคคล</h3>
<p>บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110 หากมีคำถามหรือคำขอเกี่ยวกับข้อมูลส่วนบุคคล ติดต่อได้ที่อีเมล <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a> หรือโทร <a href="tel:+66936541234">+66 93 654 1234</a></p>
<h3>2. ข้อมูลส่วนบุคคลที่เราเก็บรวบรวม</h3>
<ul>
<li><strong>ข้อมูลระบุตัวตนและข้อมูลติดต่อ:</strong> ชื่อ อีเมล หมายเลขโทรศัพท์ ช่องทางติดต่อ LINE หรือ WhatsApp ที่อยู่ และภาษาที่ท่านต้องการใช้</li>
<li><strong>ข้อมูลการจองและการเช่า:</strong> ห้องที่เช่า ระยะเวลาเช่า วันย้ายของเข้า ประกันภัยและอุปกรณ์ที่เลือก ลายมือชื่ออิเล็กทรอนิกส์ในสัญญาเช่า และประวัติการจอง</li>
<li><strong>ข้อมูลนิติบุคคล:</strong> ชื่อบริษัท ที่อยู่ตามที่จดทะเบียน เลขประจำตัวผู้เสียภาษี และชื่อผู้ทำการจอง</li>
<li><strong>ข้อมูลการชำระเงิน:</strong> วิธีชำระเงิน จำนวนเงิน และสถานะการชำระ การชำระด้วยบัตรและพร้อมเพย์ดำเนินการโดยผู้ให้บริการชำระเงินของเรา เราไม่เห็นและไม่จัดเก็บหมายเลขบัตรเต็ม สำหรับการโอนเงินผ่านธนาคารและคริปโต เราจะเก็บหลักฐานการชำระเงินที่ท่านอัปโหลดและเลขอ้างอิงธุรกรรม</li>
<li><strong>การยืนยันตัวตน:</strong> ก่อนออกรหัส PIN ประตู เราขอสำเนาบัตรประจำตัวประชาชนหรือหนังสือเดินทาง (นิติบุคคล: หนังสือรับรองบริษัท) ที่ท่านอัปโหลดจากหน้าการจองของท่าน และภาพเซลฟี่คู่กับเอกสาร ซึ่งเป็นทางเลือกเฉพาะเมื่อท่านต้องการเพิ่ม กรุณาปิดทับข้อมูลศาสนาและหมู่โลหิตบนบัตรประจำตัวประชาชน เนื่องจากเราไม่จำเป็นต้องใช้ หากยังมองเห็นได้ เจ้าหน้าที่จะปิดทับด้วยสีดำบนภาพก่อนตรวจสอบ และเก็บไว้เฉพาะภาพที่ปิดทับแล้วเท่านั้น</li>
<li><strong>ข้อมูลด้านความปลอดภัยของสถานที่:</strong> รหัส PIN ประตูของท่าน (จัดเก็บแบบเข้ารหัส) และบันทึกการออก ระงับ และเปลี่ยนรหัส ภาพจากกล้องวงจรปิด และภาพถ่ายสภาพห้องในวันย้ายเข้าและย้ายออกที่ท่านหรือเจ้าหน้าที่ถ่ายไว้</li>
<li><strong>การติดต่อสื่อสาร:</strong> อีเมล ข้อความ บทสนทนากับผู้ช่วยแชต คำขอลงชื่อในรายการรอห้องว่าง และหากท่านเลือกเชื่อมบัญชี LINE จะรวมถึง LINE user id ของท่านและข้อความที่เราส่งถึงท่านทาง LINE</li>
<li><strong>การใช้งานเว็บไซต์:</strong> หมายเลข IP ประเภทเบราว์เซอร์และอุปกรณ์ หน้าที่เข้าชม และคุกกี้ (ดูข้อ 10)</li>
</ul>
<h3>3. วัตถุประสงค์และฐานทางกฎหมาย</h3>
<table>
<thead><tr><th>วัตถุประสงค์</th><th>ฐานทางกฎหมายตาม PDPA</th></tr></thead>
<tbody>
<tr><td>รับการจอง ส่งมอบห้อง ออกใบแจ้งหนี้ รับชำระเงิน และบริหารจัดการการเช่า</td><td>การปฏิบัติตามสัญญา</td></tr>
<tr><td>ออกใบเสร็จรับเงินและใบกำกับภาษี และเก็บรักษาเอกสารทางบัญชี</td><td>การปฏิบัติตามหน้าที่ตามกฎหมาย</td></tr>
<tr><td>รักษาความปลอดภัยของสถานที่ ทรัพย์สิน และลูกค้า (รหัส PIN กล้องวงจรปิด) และป้องกันการทุจริต</td><td>ประโยชน์โดยชอบด้วยกฎหมาย</td></tr>
<tr><td>ตอบคำถาม ให้บริการผู้ช่วยแชต และแจ้งเมื่อมีห้องว่างตามรายการรอ</td><td>ประโยชน์โดยชอบด้วยกฎหมาย หรือการดำเนินการตามคำขอของท่านก่อนเข้าทำสัญญา</td></tr>
<tr><td>ปรับปรุงเว็บไซต์และบริการด้วยการวิเคราะห์การใช้งาน</td><td>ความยินยอม (สำหรับคุกกี้ที่ไม่จำเป็น) หรือประโยชน์โดยชอบด้วยกฎหมาย</td></tr>
<tr><td>ส่งข้อเสนอพิเศษและข่าวสาร</td><td>ความยินยอม ซึ่งท่านถอนได้ทุกเมื่อ</td></tr>
</tbody>
</table>
<h3>4. การเปิดเผยข้อมูล</h3>
<p>เราเปิดเผยข้อมูลเท่าที่จำเป็นให้แก่ ผู้ให้บริการชำระเงิน ผู้ให้บริการอีเมล โฮสติ้ง และระบบไอที ผู้ให้บริการระบบผู้ช่วยแชต (เฉพาะข้อความที่ท่านพิมพ์ในแชต) บริษัทประกันภัยหากท่านเลือกทำประกัน ผู้สอบบัญชีและที่ปรึกษากฎหมาย และเจ้าหน้าที่ตำรวจ ศาล หรือหน่วยงานของรัฐเมื่อกฎหมายกำหนด เราไม่ขายข้อมูลส่วนบุคคลของท่าน</p>
<h3>5. การส่งข้อมูลไปต่างประเทศ</h3>
<p>ผู้ให้บริการบางรายของเราจัดเก็บข้อมูลนอกประเทศไทย ในกรณีดังกล่าว เราจะดำเนินการให้การส่งข้อมูลเป็นไปตามหลักเกณฑ์ของ PDPA เช่น การกำหนดมาตรการคุ้มครองไว้ในสัญญา</p>
<h3>6. ระยะเวลาการเก็บรักษาข้อมูล</h3>
<p>{{retentionTable}}</p>
<p>เมื่อพ้นระยะเวลาดังกล่าว เราจะลบหรือทำให้ข้อมูลไม่สามารถระบุตัวตนได้</p>
<h3>7. การรักษาความปลอดภัยของข้อมูล</h3>
<p>เราใช้การเชื่อมต่อแบบเข้ารหัส (HTTPS) จำกัดสิทธิ์การเข้าถึงให้เฉพาะเจ้าหน้าที่ที่ได้รับอนุญาต จัดเก็บเอกสารที่อัปโหลดอย่างปลอดภัย และสำรองข้อมูลอย่างสม่ำเสมอ เจ้าหน้าที่ของเราได้รับการอบรมให้รักษาข้อมูลส่วนบุคคลเป็นความลับ ทุกครั้งที่เจ้าหน้าที่เปิดดูเอกสารยืนยันตัวตน รหัส PIN ประตู หรือส่งออกข้อมูลของท่าน จะถูกบันทึกไว้ หากเกิดเหตุละเมิดข้อมูลส่วนบุคคล เราจะบันทึกเหตุนั้น แจ้งสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคลภายใน 72 ชั่วโมงนับแต่ทราบเหตุ เว้นแต่ไม่มีความเสี่ยงต่อท่าน และแจ้งท่านโดยไม่ชักช้าหากมีความเสี่ยงสูง</p>
<h3>8. สิทธิของเจ้าของข้อมูล</h3>
<p>ภายใต้ PDPA ท่านมีสิทธิดังต่อไปนี้</p>
<ul>
<li>สิทธิได้รับแจ้งรายละเอียดการใช้ข้อมูลของท่าน</li>
<li>สิทธิเข้าถึงและขอรับสำเนาข้อมูลของท่าน</li>
<li>สิทธิขอรับข้อมูลในรูปแบบอิเล็กทรอนิกส์ที่ใช้กันทั่วไป หรือขอให้ส่งต่อไปยังผู้ควบคุมข้อมูลรายอื่น</li>
<li>สิทธิคัดค้านการใช้ข้อมูลของท่าน</li>
<li>สิทธิขอให้ลบ ทำลาย หรือทำให้ข้อมูลไม่สามารถระบุตัวตนได้</li>
<li>สิทธิขอให้ระงับการใช้ข้อมูล</li>
<li>สิทธิขอให้แก้ไขข้อมูลให้ถูกต้องและครบถ้วน</li>
<li>สิทธิถอนความยินยอมได้ทุกเมื่อ โดยไม่กระทบการประมวลผลที่ได้ดำเนินการไปก่อนหน้า</li>
<li>สิทธิร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล (สคส.) <a href="https://www.pdpc.or.th">www.pdpc.or.th</a></li>
</ul>
<p>หากต้องการใช้สิทธิ ท่านส่งคำขอได้ที่ "ข้อมูลส่วนบุคคลของคุณ" ในหน้าการจองของท่าน (ขอสำเนา ขอแก้ไข หรือขอลบข้อมูล) หรือติดต่อเราตามช่องทางในข้อ 1 เราจะตอบกลับภายใน ${PRIVACY_REQUEST_DAYS} วัน ทั้งนี้ สิทธิบางประการอาจถูกจำกัดตามกฎหมาย เช่น เราต้องเก็บเอกสารทางภาษีไว้ตามระยะเวลาที่กฎหมายกำหนด</p>
<h3>9. การตอบคำถามอัตโนมัติ</h3>
<p>ผู้ช่วยแชตของเราใช้โมเดล AI ในการตอบคำถาม แต่ไม่ได้ใช้ตัดสินใจใด ๆ เกี่ยวกับตัวท่าน การจอง การชำระเงิน และการตรวจสอบต่าง ๆ ดำเนินการโดยระบบและเจ้าหน้าที่ของเรา</p>
<h3>10. คุกกี้</h3>
<p>เราใช้คุกกี้ที่จำเป็นเพื่อจดจำภาษาที่ท่านเลือก รักษาสถานะการเข้าสู่ระบบ และบันทึกความคืบหน้าการจอง ส่วนคุกกี้วิเคราะห์และการตลาด (ผ่าน Google Tag Manager) จะใช้เฉพาะเมื่อท่านให้ความยินยอมในหน้าต่างเลือกคุกกี้ที่แสดงเมื่อเข้าชมครั้งแรก โดยเราบันทึกตัวเลือกของท่าน ฉบับของนโยบายนี้ และเวลา ท่านเปลี่ยนตัวเลือกได้ทุกเมื่อผ่าน "ตั้งค่าคุกกี้" ที่ส่วนท้ายของทุกหน้า และการถอนความยินยอมจะหยุดการใช้คุกกี้ดังกล่าวทันที ท่านยังสามารถบล็อกหรือลบคุกกี้ได้ในการตั้งค่าเบราว์เซอร์ แต่บางฟังก์ชันอาจใช้งานไม่ได้</p>
<h3>11. ผู้เยาว์</h3>
<p>บริการของเรามีไว้สำหรับผู้ที่บรรลุนิติภาวะแล้ว เราไม่เก็บรวบรวมข้อมูลส่วนบุคคลของผู้ที่มีอายุต่ำกว่า 20 ปีโดยเจตนา หากไม่ได้รับความยินยอมจากผู้ใช้อำนาจปกครองหรือผู้ปกครอง</p>
<h3>12. การเปลี่ยนแปลงนโยบาย</h3>
<p>เราอาจปรับปรุงนโยบายนี้เป็นครั้งคราว วันที่ด้านบนแสดงฉบับล่าสุด และหากมีการเปลี่ยนแปลงที่สำคัญ เราจะแจ้งให้ท่านทราบทางอีเมลหรือบนเว็บไซต์</p>
<h3>13. ติดต่อเรา</h3>
<p><strong>บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด</strong><br>ตรงข้ามโบ๊ท อเวนิว ตำบลเชิงทะเล อำเภอถลาง จังหวัดภูเก็ต 83110<br>อีเมล: <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a><br>โทร: <a href="tel:+66936541234">+66 93 654 1234</a></p>`;

// ---------------------------------------------------------------------------
// Russian
// ---------------------------------------------------------------------------


const RU_TERMS = `<p><strong>Версия 1</strong>, последнее обновление — 22 июня 2025 г.</p>
<p>Настоящие Условия использования применяются к работе с сайтом Phuket Self Storage и к бронированиям, сделанным через него. Читайте их вместе с Договором аренды и Политикой конфиденциальности. Пользуясь сайтом или оформляя бронирование, вы принимаете эти условия.</p>
<h3>1. О нас</h3>
<p>Сайт принадлежит компании <strong>Phuket Self Storage Co., Ltd.</strong>, адрес: напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110, Таиланд. Офис работает с понедельника по субботу с 9:00 до 18:00, а клиенты имеют круглосуточный доступ на территорию по PIN-коду.</p>
<h3>2. Пользование сайтом</h3>
<ul>
<li>Используйте сайт только в законных целях и указывайте при бронировании точные и полные данные.</li>
<li>Не пытайтесь получить несанкционированный доступ к сайту, бронированиям других клиентов или нашим системам и не нарушайте работу сайта — например, автоматическим сбором данных или чрезмерной нагрузкой.</li>
<li>Мы можем приостановить или изменить любую часть сайта, например на время технических работ, без предварительного уведомления.</li>
</ul>
<h3>3. Цены и наличие боксов</h3>
<p>Все цены указаны в тайских батах и <strong>включают НДС ${VAT_RATE_PCT}%</strong>. Наличие свободных боксов на сайте обновляется в реальном времени, однако бокс закрепляется за вами только после отправки бронирования. Если из-за ошибки указана явно неверная цена, мы свяжемся с вами, и вы сможете бесплатно отменить бронирование.</p>
<h3>4. Бронирование</h3>
<ol>
<li>Бронировать могут лица, достигшие 20 лет (возраст совершеннолетия в Таиланде), или представители зарегистрированной компании, имеющие соответствующие полномочия.</li>
<li>Вы выбираете тип бокса, срок аренды, дату заезда (от сегодняшнего дня до ${MOVE_IN_WINDOW_DAYS} ${ruDays(MOVE_IN_WINDOW_DAYS)} вперёд), при желании — страховку и упаковочные материалы, а также способ оплаты.</li>
<li>Перед отправкой бронирования вы читаете и подписываете Договор аренды электронной подписью.</li>
<li>После отправки вы получите по email номер бронирования, начинающийся с <strong>BF2-</strong>. Мы закрепим за вами конкретный бокс выбранного типа и сообщим его номер после подтверждения бронирования.</li>
</ol>
<h3>5. Способы оплаты и резервирование</h3>
<table>
<thead><tr><th>Способ оплаты</th><th>Сколько мы держим бокс за вами</th></tr></thead>
<tbody>
<tr><td>Карта или PromptPay</td><td>До завершения оплаты на защищённой странице или истечения её срока</td></tr>
<tr><td>Банковский перевод</td><td>${HOLD_HOURS} ${ruHours(HOLD_HOURS)} на оплату; после загрузки квитанции — пока сотрудники её не проверят</td></tr>
<tr><td>Криптовалюта (Bitcoin, USDT)</td><td>${HOLD_HOURS} ${ruHours(HOLD_HOURS)} на оплату; после того как вы сообщили об отправке, — пока сотрудники её не проверят</td></tr>
<tr><td>Наличные в офисе</td><td>${HOLD_HOURS} ${ruHours(HOLD_HOURS)}, чтобы приехать и оплатить в офисе; после этого — пока сотрудники не свяжутся с вами</td></tr>
</tbody>
</table>
<p>Если в этот срок оплата не завершена и не отправлена, бронирование аннулируется, и бокс снова становится доступен. Бронирование с отправленной оплатой или с оплатой наличными не аннулируется без проверки сотрудниками. Сумма в криптовалюте рассчитывается из итоговой суммы в батах по курсу, показанному при бронировании; комиссию сети оплачивает отправитель. Оплата картой автоматически продлевается каждый месяц.</p>
<h3>6. Сборы, залог и скидки</h3>
<ul>
<li><strong>Сбор за оформление:</strong> ${baht(SETUP_FEE)} бат, единовременно, включает замок, не возвращается.</li>
<li><strong>Залог:</strong> месячная арендная плата, возвращается в течение ${DEPOSIT_REFUND_DAYS} ${ruDays(DEPOSIT_REFUND_DAYS)} после выезда; <strong>при оплате картой не взимается</strong>.</li>
<li><strong>Скидки за предоплату:</strong> ${TERMS['3m'].discountPct}% за 3 месяца, ${TERMS['6m'].discountPct}% за 6 месяцев и ${TERMS['12m'].discountPct}% за 12 месяцев.</li>
<li><strong>The Stack:</strong> скидка ${FIRST_MONTH_OFF_PCT}% на первый месяц.</li>
<li><strong>Промокоды:</strong> один промокод на бронирование. Промокоды могут иметь срок действия и ограниченное число использований, не обмениваются на деньги и уменьшают только арендную плату.</li>
</ul>
<h3>7. Клиенты-компании</h3>
<p>Компании получают полноценный налоговый счёт-фактуру (tax invoice). Укажите зарегистрированное название и адрес компании и 13-значный налоговый номер. Если этого требует закон, вы можете удержать из арендной платы налог у источника ${WHT_RATE_PCT}% (от суммы аренды без НДС); пожалуйста, сразу после оплаты пришлите нам справку об удержании налога (форма 50 Tawi).</p>
<h3>8. Страхование</h3>
<p>Страхование не обязательно. Можно выбрать взнос от 100 до 1000 бат в месяц; сумма покрытия равна взносу, умноженному на 1000 (например, 1000 бат в месяц покрывают вещи стоимостью до 1 000 000 бат). Без страховки вещи хранятся на ваш собственный риск.</p>
<h3>9. Изменение и отмена до заезда</h3>
<p>Чтобы изменить дату заезда или размер бокса, свяжитесь с нами до даты заезда; изменения возможны при наличии свободных боксов. До даты заезда бронирование можно отменить бесплатно: мы вернём всё оплаченное, кроме сбора за оформление, в течение 14 дней — по возможности тем же способом, которым вы платили. Неоплаченные бронирования с истёкшим сроком отменяются автоматически и бесплатно.</p>
<h3>10. Договор аренды</h3>
<p>С даты заезда аренда регулируется подписанным вами Договором аренды. При расхождениях между настоящими Условиями и Договором аренды преимущественную силу имеет Договор аренды.</p>
<h3>11. Чат-ассистент, отзывы и ссылки</h3>
<p>Наш чат-ассистент даёт общую информацию, чтобы помочь вам выбрать бокс. Он может ошибаться, и его ответы не являются офертой или частью договора — действуют цены и условия, показанные при бронировании. Отзывы на сайте взяты из Google и отражают мнение их авторов. Ссылки на другие сайты приведены для удобства; за их содержание мы не отвечаем.</p>
<h3>12. Интеллектуальная собственность</h3>
<p>Материалы сайта, включая тексты, иллюстрации и логотипы, принадлежат Phuket Self Storage Co., Ltd. или её лицензиарам и не могут копироваться в коммерческих целях без нашего разрешения.</p>
<h3>13. Ответственность</h3>
<p>Мы стараемся, чтобы сайт был точным и всегда доступным, но не можем гарантировать отсутствие ошибок и перебоев. Мы не несём ответственности за убытки, вызванные недоступностью сайта или обстоятельствами вне нашего разумного контроля. Ничто в этих условиях не ограничивает ваши права потребителя по законодательству Таиланда.</p>
<h3>14. Изменение условий</h3>
<p>Мы можем время от времени обновлять эти условия; версия и дата вверху показывают, когда они менялись в последний раз. К каждому бронированию применяются условия, действовавшие на момент его оформления.</p>
<h3>15. Применимое право</h3>
<p>Настоящие условия регулируются законодательством Таиланда; споры рассматриваются судами провинции Пхукет.</p>
<h3>16. Контакты</h3>
<p><strong>Phuket Self Storage Co., Ltd.</strong><br>Напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110<br>Email: <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a><br>Телефон: <a href="tel:+66936541234">+66 93 654 1234</a><br>Офис: с понедельника по субботу, 9:00–18:00</p>`;

const RU_PRIVACY = `<p><strong>Версия 3</strong>, последнее обновление — 28 ноября 2026 г.</p>
<p>Настоящая Политика конфиденциальности объясняет, как компания <strong>Phuket Self Storage Co., Ltd.</strong> («мы») собирает, использует, передаёт и защищает ваши персональные данные, когда вы посещаете наш сайт, бронируете или арендуете бокс либо связываетесь с нами. Мы выступаем контролёром данных в соответствии с Законом Таиланда о защите персональных данных B.E. 2562 (2019) (далее — PDPA).</p>
<h3>1. Кто отвечает за ваши данные</h3>
<p>Phuket Self Storage Co., Ltd., напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110, Таиланд. По любым вопросам и запросам о персональных данных пишите на <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a> или звоните по телефону <a href="tel:+66936541234">+66 93 654 1234</a>.</p>
<h3>2. Какие данные мы собираем</h3>
<ul>
<li><strong>Личные и контактные данные:</strong> имя, email, номер телефона, контакт в LINE или WhatsApp, почтовый адрес и предпочитаемый язык.</li>
<li><strong>Данные о бронировании и аренде:</strong> бокс, срок аренды, дата заезда, выбранные страховка и материалы, ваша электронная подпись под Договором аренды и история бронирований.</li>
<li><strong>Данные компании:</strong> название, юридический адрес, налоговый номер и имя сотрудника, оформившего бронирование.</li>
<li><strong>Платёжные данные:</strong> способ оплаты, суммы и статус платежа. Платежи картой и через PromptPay обрабатывает наш платёжный провайдер — полный номер карты мы не видим и не храним. При банковском переводе и оплате криптовалютой мы сохраняем загруженное вами подтверждение оплаты и номер транзакции.</li>
<li><strong>Проверка личности:</strong> до выдачи PIN-кода от ворот — копия тайской ID-карты или паспорта (для компаний — свидетельства о регистрации), которую вы загружаете на странице бронирования, и, только если вы захотите её добавить, селфи с документом. Закройте на тайской ID-карте вероисповедание и группу крови — эти данные нам не нужны. Если они всё же видны, наши сотрудники закрасят их чёрным на изображении до проверки, и храниться будет только замаскированное изображение.</li>
<li><strong>Безопасность объекта:</strong> ваш PIN-код от ворот (хранится в зашифрованном виде) и записи о его выдаче, блокировке и смене, записи камер видеонаблюдения, а также фотографии состояния бокса при заезде и выезде, сделанные вами или нашими сотрудниками.</li>
<li><strong>Переписка:</strong> письма, сообщения, диалоги с чат-ассистентом, заявки в лист ожидания и, только если вы привяжете аккаунт LINE, ваш идентификатор LINE и сообщения, которые мы туда отправляем.</li>
<li><strong>Использование сайта:</strong> IP-адрес, тип браузера и устройства, просмотренные страницы и файлы cookie (см. раздел 10).</li>
</ul>
<h3>3. Цели обработки и правовые основания</h3>
<table>
<thead><tr><th>Цель</th><th>Правовое основание по PDPA</th></tr></thead>
<tbody>
<tr><td>Оформление бронирования, предоставление бокса, выставление счетов, приём оплаты и сопровождение аренды</td><td>Исполнение договора</td></tr>
<tr><td>Выдача чеков и налоговых счетов-фактур, ведение бухгалтерского учёта</td><td>Исполнение требований закона</td></tr>
<tr><td>Безопасность объекта, вещей и клиентов (PIN-доступ, видеонаблюдение), предотвращение мошенничества</td><td>Законный интерес</td></tr>
<tr><td>Ответы на вопросы, работа чат-ассистента, уведомления об освободившихся боксах из листа ожидания</td><td>Законный интерес или действия по вашему запросу до заключения договора</td></tr>
<tr><td>Улучшение сайта и сервиса с помощью аналитики</td><td>Согласие (для необязательных cookie) или законный интерес</td></tr>
<tr><td>Рассылка предложений и новостей</td><td>Согласие, которое можно отозвать в любой момент</td></tr>
</tbody>
</table>
<h3>4. Кому мы передаём данные</h3>
<p>Мы передаём только необходимые данные: платёжным провайдерам; поставщикам услуг электронной почты, хостинга и ИТ; поставщику чат-ассистента (только сообщения, которые вы вводите в чат); страховой компании, если вы выбрали страховку; нашим бухгалтерам и юристам; а также полиции, судам и государственным органам, когда этого требует закон. Мы не продаём ваши персональные данные.</p>
<h3>5. Передача данных за пределы Таиланда</h3>
<p>Некоторые наши поставщики хранят данные за пределами Таиланда. В таких случаях мы обеспечиваем соответствие передачи требованиям PDPA, например с помощью договорных гарантий защиты данных.</p>
<h3>6. Сроки хранения</h3>
<p>{{retentionTable}}</p>
<p>По истечении этих сроков мы удаляем или обезличиваем данные.</p>
<h3>7. Как мы защищаем данные</h3>
<p>Мы используем шифрованное соединение (HTTPS), разграничение доступа, при котором данные клиентов видят только уполномоченные сотрудники, защищённое хранение загруженных документов и регулярное резервное копирование. Наши сотрудники обучены соблюдать конфиденциальность персональных данных. Каждый просмотр сотрудником документа, удостоверяющего личность, PIN-кода от ворот или выгрузки ваших данных записывается в журнал. При утечке ваших персональных данных мы фиксируем её, уведомляем Офис комитета по защите персональных данных в течение 72 часов после обнаружения, если только она вряд ли создаёт риск для вас, и без промедления сообщаем вам, если риск высок.</p>
<h3>8. Ваши права</h3>
<p>В соответствии с PDPA вы имеете право:</p>
<ul>
<li>получать информацию о том, как используются ваши данные;</li>
<li>получить доступ к своим данным и их копию;</li>
<li>получить данные в распространённом электронном формате или попросить передать их другому контролёру;</li>
<li>возражать против использования ваших данных;</li>
<li>потребовать удалить, уничтожить или обезличить данные;</li>
<li>потребовать ограничить использование данных;</li>
<li>потребовать исправить неточные или неполные данные;</li>
<li>в любой момент отозвать согласие — это не влияет на обработку, выполненную до отзыва;</li>
<li>подать жалобу в Управление Комитета по защите персональных данных Таиланда (PDPC), <a href="https://www.pdpc.or.th">www.pdpc.or.th</a>.</li>
</ul>
<p>Чтобы воспользоваться своими правами, используйте раздел «Ваши персональные данные» на странице бронирования (копия данных, исправление или удаление) или свяжитесь с нами по контактам из раздела 1. Мы ответим в течение ${PRIVACY_REQUEST_DAYS} ${ruDays(PRIVACY_REQUEST_DAYS)}. Некоторые права ограничены законом: например, налоговые документы мы обязаны хранить в течение установленного срока.</p>
<h3>9. Автоматические ответы</h3>
<p>Наш чат-ассистент отвечает на вопросы с помощью модели ИИ. Он не принимает решений в отношении вас: бронирования, платежи и проверки обрабатываются нашими системами и сотрудниками.</p>
<h3>10. Файлы cookie</h3>
<p>Мы используем необходимые cookie, чтобы запоминать выбранный язык, сохранять вход в аккаунт и ход бронирования. Аналитические и маркетинговые cookie (через Google Tag Manager) используются, только если вы согласились в окне выбора cookie при первом посещении; мы сохраняем ваш выбор, версию этой политики и время. Изменить выбор можно в любой момент через «Настройки cookie» внизу каждой страницы — отзыв согласия сразу их отключает. Вы также можете заблокировать или удалить cookie в настройках браузера, но тогда некоторые функции могут перестать работать.</p>
<h3>11. Несовершеннолетние</h3>
<p>Наши услуги предназначены для взрослых. Мы сознательно не собираем данные лиц младше 20 лет без согласия родителей или законных представителей.</p>
<h3>12. Изменения политики</h3>
<p>Мы можем время от времени обновлять эту политику. Дата вверху указывает на актуальную версию; о существенных изменениях мы сообщим по email или на сайте.</p>
<h3>13. Контакты</h3>
<p><strong>Phuket Self Storage Co., Ltd.</strong><br>Напротив Boat Avenue, Чернгталай, Таланг, Пхукет 83110<br>Email: <a href="mailto:hello@phuketselfstorage.com">hello@phuketselfstorage.com</a><br>Телефон: <a href="tel:+66936541234">+66 93 654 1234</a></p>`;

/**
 * The privacy notice's version (docs/product-rules.md#personal-data-pdpa): 2 added the identity upload, selfie, condition
 * photos, gate PIN records, LINE and the cookie choice, and took its retention table from the code ({{retentionTable}});
 * 3 added staff masking of ID images, requests from the booking page, the audit of staff views and breach notification.
 * An install seeded with an earlier version gets this one beside it (the newest active version is shown, and customers
 * are told at their next visit to the portal).
 */
export const PRIVACY_VERSION = 3;
const PRIVACY_DATE = new Date('2026-11-28T12:00:00+07:00');

export const LEGAL_DOCUMENTS: SeedLegalDocument[] = [
  { type: 'rental_agreement', locale: 'en', title: DEFAULT_AGREEMENT.en.title, content: DEFAULT_AGREEMENT.en.html, supportsVariables: true },
  { type: 'terms_conditions', locale: 'en', title: 'Terms & Conditions', content: EN_TERMS, supportsVariables: false },
  { type: 'privacy_policy', locale: 'en', title: 'Privacy Policy', content: EN_PRIVACY, supportsVariables: false, version: PRIVACY_VERSION, createdAt: PRIVACY_DATE },

  { type: 'rental_agreement', locale: 'th', title: DEFAULT_AGREEMENT.th.title, content: DEFAULT_AGREEMENT.th.html, supportsVariables: true },
  { type: 'terms_conditions', locale: 'th', title: 'ข้อกำหนดและเงื่อนไข', content: TH_TERMS, supportsVariables: false },
  { type: 'privacy_policy', locale: 'th', title: 'นโยบายความเป็นส่วนตัว', content: TH_PRIVACY, supportsVariables: false, version: PRIVACY_VERSION, createdAt: PRIVACY_DATE },

  { type: 'rental_agreement', locale: 'ru', title: DEFAULT_AGREEMENT.ru.title, content: DEFAULT_AGREEMENT.ru.html, supportsVariables: true },
  { type: 'terms_conditions', locale: 'ru', title: 'Условия использования', content: RU_TERMS, supportsVariables: false },
  { type: 'privacy_policy', locale: 'ru', title: 'Политика конфиденциальности', content: RU_PRIVACY, supportsVariables: false, version: PRIVACY_VERSION, createdAt: PRIVACY_DATE },
];
