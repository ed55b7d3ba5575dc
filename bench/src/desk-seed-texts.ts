import type { Language } from 'shared-contracts';

/**
 * What the desk-at-scale bench's players write about (bench/src/desk-seed.ts), per language: four titles and four
 * questions, picked by the ticket's number, so each script's keywords are searched in sentences a desk really holds.
 */
export const TEXTS: Record<Language, { titles: readonly string[]; questions: readonly string[] }> = {
  en: {
    titles: [
      'Refund for a duplicate purchase',
      'Cannot log in after the update',
      'Missing reward from the event',
      'Character stuck on the loading screen',
    ],
    questions: [
      'I was charged twice for the same diamond pack and would like a refund for the second payment.',
      'Since the last update the game closes at the login screen every time I try to enter my password.',
      'I finished every stage of the weekend event but the reward never arrived in my mailbox.',
      'My character is stuck on the loading screen after the teleport and I cannot move or log out.',
    ],
  },
  ko: {
    titles: [
      '중복 결제 환불 요청',
      '업데이트 후 로그인이 안 됩니다',
      '이벤트 보상이 지급되지 않았습니다',
      '캐릭터가 로딩 화면에서 멈췄습니다',
    ],
    questions: [
      '같은 다이아 상품이 두 번 결제되었습니다. 두 번째 결제를 환불해 주세요.',
      '지난 업데이트 이후 비밀번호를 입력하면 로그인 화면에서 게임이 종료됩니다.',
      '주말 이벤트의 모든 단계를 완료했는데 우편함에 보상이 오지 않았습니다.',
      '순간이동 후 캐릭터가 로딩 화면에서 멈춰서 움직이거나 로그아웃할 수 없습니다.',
    ],
  },
  ja: {
    titles: [
      '二重購入の返金について',
      'アップデート後にログインできません',
      'イベント報酬が届きません',
      'キャラクターがロード画面で止まります',
    ],
    questions: [
      '同じダイヤパックが二回課金されました。二回目の支払いの返金をお願いします。',
      '前回のアップデート以降、パスワードを入力するとログイン画面でゲームが終了します。',
      '週末イベントの全ステージをクリアしましたが、報酬がメールボックスに届きません。',
      'テレポートの後、キャラクターがロード画面で止まり、移動もログアウトもできません。',
    ],
  },
  'zh-CN': {
    titles: ['重复充值申请退款', '更新后无法登录', '活动奖励没有到账', '角色卡在加载界面'],
    questions: [
      '同一个钻石礼包被扣了两次款，请退还第二笔充值。',
      '上次更新以后，每次输入密码游戏都会在登录界面闪退。',
      '我完成了周末活动的所有关卡，但奖励一直没有发到邮箱。',
      '传送之后角色卡在加载界面，既不能移动也无法退出登录。',
    ],
  },
  'zh-TW': {
    titles: ['重複儲值申請退款', '更新後無法登入', '活動獎勵沒有收到', '角色卡在載入畫面'],
    questions: [
      '同一個鑽石禮包被扣款兩次，請退還第二筆儲值。',
      '上次更新之後，每次輸入密碼遊戲都會在登入畫面閃退。',
      '我完成了週末活動的所有關卡，但獎勵一直沒有寄到信箱。',
      '傳送之後角色卡在載入畫面，無法移動也無法登出。',
    ],
  },
  de: {
    titles: [
      'Erstattung für einen doppelten Kauf',
      'Anmeldung nach dem Update nicht möglich',
      'Belohnung aus dem Event fehlt',
      'Charakter hängt im Ladebildschirm',
    ],
    questions: [
      'Mir wurde dasselbe Diamantenpaket zweimal berechnet. Bitte erstatten Sie die zweite Zahlung.',
      'Seit dem letzten Update schließt sich das Spiel bei jeder Passworteingabe im Anmeldebildschirm.',
      'Ich habe alle Stufen des Wochenend-Events abgeschlossen, aber die Belohnung kam nie an.',
      'Mein Charakter hängt nach dem Teleport im Ladebildschirm fest und ich kann mich nicht abmelden.',
    ],
  },
  es: {
    titles: [
      'Reembolso por una compra duplicada',
      'No puedo iniciar sesión tras la actualización',
      'Falta la recompensa del evento',
      'Personaje atascado en la pantalla de carga',
    ],
    questions: [
      'Me cobraron dos veces el mismo paquete de diamantes y quiero el reembolso del segundo pago.',
      'Desde la última actualización el juego se cierra en la pantalla de inicio al escribir mi contraseña.',
      'Completé todas las fases del evento del fin de semana, pero la recompensa nunca llegó.',
      'Mi personaje se quedó atascado en la pantalla de carga tras el teletransporte y no puedo salir.',
    ],
  },
  fr: {
    titles: [
      'Remboursement d’un achat en double',
      'Connexion impossible après la mise à jour',
      'Récompense de l’événement manquante',
      'Personnage bloqué sur l’écran de chargement',
    ],
    questions: [
      'Le même pack de diamants m’a été facturé deux fois, je souhaite le remboursement du second paiement.',
      'Depuis la dernière mise à jour, le jeu se ferme sur l’écran de connexion dès que je saisis mon mot de passe.',
      'J’ai terminé toutes les étapes de l’événement du week-end, mais la récompense n’est jamais arrivée.',
      'Mon personnage est bloqué sur l’écran de chargement après la téléportation et je ne peux pas me déconnecter.',
    ],
  },
  pt: {
    titles: [
      'Reembolso de compra duplicada',
      'Não consigo entrar após a atualização',
      'Recompensa do evento não chegou',
      'Personagem preso na tela de carregamento',
    ],
    questions: [
      'Fui cobrado duas vezes pelo mesmo pacote de diamantes e gostaria do reembolso do segundo pagamento.',
      'Desde a última atualização o jogo fecha na tela de login sempre que digito minha senha.',
      'Concluí todas as fases do evento de fim de semana, mas a recompensa nunca chegou.',
      'Meu personagem ficou preso na tela de carregamento depois do teletransporte e não consigo sair.',
    ],
  },
  ru: {
    titles: [
      'Возврат за двойную покупку',
      'Не могу войти после обновления',
      'Не пришла награда за событие',
      'Персонаж завис на экране загрузки',
    ],
    questions: [
      'С меня дважды списали оплату за один и тот же набор алмазов, прошу вернуть второй платёж.',
      'После последнего обновления игра закрывается на экране входа, когда я ввожу пароль.',
      'Я прошёл все этапы события выходного дня, но награда так и не пришла на почту.',
      'После телепортации персонаж завис на экране загрузки, я не могу ни двигаться, ни выйти.',
    ],
  },
  tr: {
    titles: [
      'Çift satın alma için iade',
      'Güncellemeden sonra giriş yapamıyorum',
      'Etkinlik ödülü gelmedi',
      'Karakter yükleme ekranında kaldı',
    ],
    questions: [
      'Aynı elmas paketi için iki kez ücret alındı, ikinci ödemenin iadesini istiyorum.',
      'Son güncellemeden beri şifremi girdiğimde oyun giriş ekranında kapanıyor.',
      'Hafta sonu etkinliğinin tüm aşamalarını bitirdim ama ödül posta kutuma gelmedi.',
      'Işınlanmadan sonra karakterim yükleme ekranında kaldı, hareket edemiyorum ve çıkış yapamıyorum.',
    ],
  },
  it: {
    titles: [
      'Rimborso per un acquisto doppio',
      'Impossibile accedere dopo l’aggiornamento',
      'Ricompensa dell’evento mancante',
      'Personaggio bloccato nella schermata di caricamento',
    ],
    questions: [
      'Mi è stato addebitato due volte lo stesso pacchetto di diamanti, chiedo il rimborso del secondo pagamento.',
      'Dall’ultimo aggiornamento il gioco si chiude nella schermata di accesso quando inserisco la password.',
      'Ho completato tutte le fasi dell’evento del fine settimana ma la ricompensa non è mai arrivata.',
      'Il mio personaggio è bloccato nella schermata di caricamento dopo il teletrasporto e non posso uscire.',
    ],
  },
  ar: {
    titles: [
      'استرداد مبلغ عملية شراء مكررة',
      'لا أستطيع تسجيل الدخول بعد التحديث',
      'لم تصل مكافأة الفعالية',
      'الشخصية عالقة في شاشة التحميل',
    ],
    questions: [
      'تم خصم ثمن حزمة الماس نفسها مرتين، وأرجو استرداد الدفعة الثانية.',
      'منذ التحديث الأخير تُغلق اللعبة في شاشة تسجيل الدخول كلما أدخلت كلمة المرور.',
      'أكملت جميع مراحل فعالية نهاية الأسبوع لكن المكافأة لم تصل إلى صندوق البريد.',
      'علقت شخصيتي في شاشة التحميل بعد الانتقال الفوري ولا أستطيع الحركة أو تسجيل الخروج.',
    ],
  },
  id: {
    titles: [
      'Pengembalian dana pembelian ganda',
      'Tidak bisa masuk setelah pembaruan',
      'Hadiah event belum diterima',
      'Karakter macet di layar pemuatan',
    ],
    questions: [
      'Saya ditagih dua kali untuk paket berlian yang sama dan ingin pengembalian dana pembayaran kedua.',
      'Sejak pembaruan terakhir, game tertutup di layar masuk setiap kali saya mengetik kata sandi.',
      'Saya sudah menyelesaikan semua tahap event akhir pekan, tetapi hadiahnya tidak pernah masuk.',
      'Karakter saya macet di layar pemuatan setelah teleportasi dan saya tidak bisa keluar.',
    ],
  },
  th: {
    titles: ['ขอคืนเงินการซื้อซ้ำ', 'เข้าสู่ระบบไม่ได้หลังอัปเดต', 'ไม่ได้รับรางวัลกิจกรรม', 'ตัวละครค้างที่หน้าจอโหลด'],
    questions: [
      'ถูกเรียกเก็บเงินแพ็กเพชรเดียวกันสองครั้ง ขอคืนเงินการชำระครั้งที่สอง',
      'ตั้งแต่อัปเดตล่าสุด เกมปิดตัวที่หน้าเข้าสู่ระบบทุกครั้งที่พิมพ์รหัสผ่าน',
      'ทำกิจกรรมสุดสัปดาห์ครบทุกด่านแล้ว แต่รางวัลไม่เข้ากล่องจดหมาย',
      'ตัวละครค้างที่หน้าจอโหลดหลังวาร์ป เดินไม่ได้และออกจากระบบไม่ได้',
    ],
  },
  vi: {
    titles: [
      'Hoàn tiền giao dịch bị trừ hai lần',
      'Không đăng nhập được sau khi cập nhật',
      'Chưa nhận được phần thưởng sự kiện',
      'Nhân vật bị kẹt ở màn hình tải',
    ],
    questions: [
      'Tôi bị trừ tiền hai lần cho cùng một gói kim cương, xin hoàn lại khoản thanh toán thứ hai.',
      'Từ bản cập nhật gần nhất, trò chơi tự thoát ở màn hình đăng nhập mỗi khi tôi nhập mật khẩu.',
      'Tôi đã hoàn thành mọi chặng của sự kiện cuối tuần nhưng phần thưởng chưa về hộp thư.',
      'Nhân vật của tôi bị kẹt ở màn hình tải sau khi dịch chuyển và không thể đăng xuất.',
    ],
  },
};

/** Players and agents alternate in a ticket's messages; these are what they say, whatever the language. */
export const PLAYER_MESSAGES = ['Here is the screenshot you asked for.', 'It happened again this morning.', 'Thank you, it works now.'];
export const AGENT_MESSAGES = [
  'Thank you for reaching out, we are checking your account.',
  'We have fixed it, please restart the game.',
  'Could you send us a screenshot of the error?',
];
