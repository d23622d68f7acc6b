//! The four content pages of the demo shop, in Arabic and English.

use kernel::Localized;
use shop::Page;
use store::content::DieselShopStore;

/// Slug, Arabic title, English title, Arabic text, English text.
const PAGES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "about-us",
        "من نحن",
        "About us",
        "محصول متجر مصري للمستلزمات الزراعية تأسس عام 2018. نبيع البذور والتربة والأسمدة العضوية والتقليدية والمعدنية والمبيدات للمزارعين وهواة الزراعة المنزلية في كل المحافظات.\n\nمهندسونا الزراعيون متاحون على مدار الساعة للإجابة عن أسئلتك، ويتصل بك فريق المبيعات بعد كل طلب لتأكيده وتقديم النصيحة.",
        "Mahsoul is an Egyptian shop for agricultural supplies, founded in 2018. We sell seeds, soil, organic, traditional and mineral fertilisers and pesticides to farmers and home growers in every governorate.\n\nOur agricultural engineers answer your questions around the clock, and our sales team calls after every order to confirm it and advise.",
    ),
    (
        "terms-and-conditions",
        "الشروط والأحكام",
        "Terms and conditions",
        "باستخدامك متجر محصول فإنك توافق على هذه الشروط. الأسعار بالجنيه المصري وتشمل الضريبة، وتكلفة الشحن تعتمد على المحافظة والوزن وتظهر قبل تأكيد الطلب.\n\nالدفع عند الاستلام. نحتفظ بحق إلغاء الطلبات التي تتضمن بيانات غير صحيحة، وسنتواصل معك قبل أي إلغاء.",
        "By using Mahsoul you accept these terms. Prices are in Egyptian pounds including tax; shipping depends on the governorate and the weight and is shown before you confirm an order.\n\nPayment is cash on delivery. We may cancel orders with incorrect details, and we will contact you before any cancellation.",
    ),
    (
        "privacy-policy",
        "سياسة الخصوصية",
        "Privacy policy",
        "نجمع اسمك ورقم هاتفك وبريدك الإلكتروني وعنوانك لتنفيذ طلباتك والتواصل معك فقط. لا نبيع بياناتك ولا نشاركها إلا مع شركة الشحن بالقدر اللازم لتوصيل طلبك.\n\nيمكنك طلب تعديل بياناتك أو حذف حسابك في أي وقت بالتواصل معنا.",
        "We collect your name, phone, e-mail and address only to fulfil your orders and to contact you. We never sell your data and share it only with the courier, as far as delivery needs.\n\nYou may ask us to correct your data or delete your account at any time.",
    ),
    (
        "refund-policies",
        "سياسة الاسترجاع",
        "Refund policy",
        "يمكنك إرجاع المنتجات غير المفتوحة خلال 14 يومًا من الاستلام. البذور والمبيدات المفتوحة لا تُسترجع حفاظًا على جودتها وسلامتك.\n\nإذا وصلك منتج تالف أو مختلف عن طلبك فتواصل معنا خلال 48 ساعة وسنستبدله دون أي تكلفة.",
        "You may return unopened products within 14 days of delivery. Opened seeds and pesticides cannot be returned, for their quality and your safety.\n\nIf a product arrives damaged or is not what you ordered, contact us within 48 hours and we will replace it at no cost.",
    ),
];

/// Adds the pages that are missing; true when any was.
pub fn seed(store: &DieselShopStore) -> anyhow::Result<bool> {
    let mut added = false;
    for (slug, title_ar, title_en, body_ar, body_en) in PAGES {
        added |= store.add_page_if_missing(&Page {
            slug: slug.into(),
            title: Localized::new(title_ar.into(), title_en.into()),
            body: Localized::new(body_ar.into(), body_en.into()),
        })?;
    }
    Ok(added)
}
