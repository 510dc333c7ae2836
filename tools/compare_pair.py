"""Build the built-in pair of systems (assets/compare/<language>/system_{a,b}.json) and print its verdicts.

    .venv/bin/python tools/compare_pair.py            # rewrite the files, print each dimension's paired result
    .venv/bin/python tools/compare_pair.py --check    # only say whether the files on disk are what it would write

Twenty support questions (retail, banking, telecom), answered by two RAG systems, in English and
Spanish. Every case has a main passage that states both reference facts and two side passages
on the same topic; a passage about another case's question (of the same block of ten) is off
topic. One plan, the same in both languages, decides what each system retrieved and said, so that
at 95% the page's verdicts (the exact McNemar test of the per-case pass/fail, Holm-adjusted over the
four dimensions; uncase_core/stats/verdicts.py) are one of each kind a comparison can give:

- system A retrieves the main passage and two off-topic ones in cases 1 to 7, 11, 15 and 18
  (relevance 1/3, below 0.5) and two relevant passages in the others; system B retrieves three
  relevant passages in every case but 10, where it retrieves two: 10 cases pass only for B and
  none only for A (exact p = 0.002, Holm 0.008): B retrieves clearly better (``b_better``);
- both answer from the main passage, but B adds a claim no passage states in cases 1 to 6, 12, 16
  and 19 (faithfulness 2/3, below 0.7): 9 cases pass only for A (p = 0.004, Holm 0.012): B answers
  clearly less faithfully (``a_better``);
- B's added claim is true except in cases 5 and 6 (correctness 2/3, below 0.7): only 2 cases differ,
  both passing only for A (p = 0.5). No split of 2 cases could be clear (at 95% with four
  dimensions a verdict needs at least 8 that differ), so the verdict is withheld (``withheld``);
- A leaves the second fact out in cases 4, 13, 17 and 20, B in cases 9, 11, 14 and 18 (coverage
  1/2, below 0.7): 8 cases differ, enough for a verdict, but 4 each way (p = 1): no difference the
  data can show (``uncertain``).

Cases 1 to 10 are the pair as it was first written (ten cases, where every verdict is withheld under
this rule); cases 11 to 20 were added after them, each case as it was.

The labels follow from the construction: a passage is relevant when it is about the case's
question, a claim is supported when a retrieved passage states it and correct when it agrees
with the reference facts, a fact is covered when a claim of the answer states it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uncase_core.compare.systems import compare_systems
from uncase_core.rag.cases import RagDataset, case_from_dict

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "compare"
LANGUAGES = ("en", "es")

# Per case: id, domain, question, main passage (states both facts), two side passages, the two facts, the two claims
# stating them, and B's added claim (no passage states it). English, then Spanish.
CASES = [
    {"id": "retail-returns", "domain": "retail", "en": {
        "question": "How long do I have to return a jacket I bought online?",
        "main": "Items bought online can be returned within 30 days of delivery, and the refund goes back to the "
                "original payment method.",
        "side": ["To start a return, open the order in your account and choose Return item; a prepaid label is "
                 "emailed to you.",
                 "Clothing must be unworn and keep its original tags to be accepted for return."],
        "facts": ["Returns are accepted within 30 days of delivery.",
                  "The refund goes to the original payment method."],
        "claims": ["You have 30 days from delivery to return the jacket.",
                   "The refund is made to the card or account you paid with."],
        "added": "You can also return the jacket at any of our physical stores."}, "es": {
        "question": "¿Cuánto tiempo tengo para devolver una chaqueta que compré en línea?",
        "main": "Los artículos comprados en línea se pueden devolver dentro de los 30 días siguientes a la entrega, y "
                "el reembolso vuelve al medio de pago original.",
        "side": ["Para iniciar una devolución, abre el pedido en tu cuenta y elige Devolver artículo; te llega por "
                 "correo una etiqueta prepagada.",
                 "La ropa debe estar sin usar y conservar sus etiquetas originales para aceptar la devolución."],
        "facts": ["Las devoluciones se aceptan dentro de los 30 días siguientes a la entrega.",
                  "El reembolso va al medio de pago original."],
        "claims": ["Tienes 30 días desde la entrega para devolver la chaqueta.",
                   "El reembolso se hace a la tarjeta o cuenta con la que pagaste."],
        "added": "También puedes devolver la chaqueta en cualquiera de nuestras tiendas físicas."}},
    {"id": "retail-shipping", "domain": "retail", "en": {
        "question": "When will my order arrive with standard shipping?",
        "main": "Standard shipping takes 3 to 5 business days, and orders over $50 ship free.",
        "side": ["You receive a tracking number by email as soon as the parcel leaves the warehouse.",
                 "Orders placed after 2 p.m. are processed on the next business day."],
        "facts": ["Standard shipping takes 3 to 5 business days.", "Orders over $50 ship free."],
        "claims": ["Your order should arrive in 3 to 5 business days.",
                   "Standard shipping is free on orders over $50."],
        "added": "Express shipping is available if you need the order sooner."}, "es": {
        "question": "¿Cuándo llega mi pedido con el envío estándar?",
        "main": "El envío estándar tarda de 3 a 5 días hábiles, y los pedidos de más de $50 tienen envío gratis.",
        "side": ["Recibes un número de seguimiento por correo en cuanto el paquete sale del almacén.",
                 "Los pedidos hechos después de las 2 p. m. se procesan el siguiente día hábil."],
        "facts": ["El envío estándar tarda de 3 a 5 días hábiles.", "Los pedidos de más de $50 tienen envío gratis."],
        "claims": ["Tu pedido debería llegar en 3 a 5 días hábiles.",
                   "El envío estándar es gratis en pedidos de más de $50."],
        "added": "Si lo necesitas antes, hay envío exprés."}},
    {"id": "retail-warranty", "domain": "retail", "en": {
        "question": "Is my blender covered by a warranty?",
        "main": "Small kitchen appliances carry a two-year manufacturer warranty that covers defects but not "
                "accidental damage.",
        "side": ["Warranty claims need the order number and a photo of the fault.",
                 "Repairs under warranty are done by the manufacturer's service centers."],
        "facts": ["The warranty lasts two years.", "It covers defects, not accidental damage."],
        "claims": ["Your blender has a two-year warranty.",
                   "The warranty covers manufacturing defects but not accidental damage."],
        "added": "Registering the blender online makes a claim faster."}, "es": {
        "question": "¿Mi licuadora tiene garantía?",
        "main": "Los electrodomésticos pequeños de cocina tienen una garantía del fabricante de dos años que cubre "
                "defectos, pero no daños accidentales.",
        "side": ["Para reclamar la garantía necesitas el número de pedido y una foto de la falla.",
                 "Las reparaciones en garantía las hacen los centros de servicio del fabricante."],
        "facts": ["La garantía dura dos años.", "Cubre defectos, no daños accidentales."],
        "claims": ["Tu licuadora tiene una garantía de dos años.",
                   "La garantía cubre defectos de fabricación, pero no daños accidentales."],
        "added": "Registrar la licuadora en línea agiliza el reclamo."}},
    {"id": "retail-price-match", "domain": "retail", "en": {
        "question": "Do you match a lower price from another store?",
        "main": "We match a competitor's lower price on identical items in stock, up to 14 days after purchase.",
        "side": ["Marketplace sellers and clearance sales are excluded from price matching.",
                 "Show the competitor's current advertisement at checkout or to customer service."],
        "facts": ["Prices are matched on identical items in stock.", "A match can be asked up to 14 days after "
                                                                     "purchase."],
        "claims": ["Yes, we match a lower price for the identical item if it is in stock.",
                   "You can ask for the match up to 14 days after buying."],
        "added": "Price matching also covers lower prices on our own website."}, "es": {
        "question": "¿Igualan un precio más bajo de otra tienda?",
        "main": "Igualamos el precio más bajo de un competidor en artículos idénticos disponibles, hasta 14 días "
                "después de la compra.",
        "side": ["Los vendedores externos y las liquidaciones no entran en la igualación de precios.",
                 "Muestra el anuncio vigente del competidor en la caja o en atención al cliente."],
        "facts": ["Se igualan precios en artículos idénticos disponibles.",
                  "La igualación se puede pedir hasta 14 días después de la compra."],
        "claims": ["Sí, igualamos un precio más bajo del mismo artículo si está disponible.",
                   "Puedes pedir la igualación hasta 14 días después de comprar."],
        "added": "La igualación también cubre precios más bajos en nuestro propio sitio web."}},
    {"id": "banking-lost-card", "domain": "banking", "en": {
        "question": "What should I do if I lose my debit card?",
        "main": "Report a lost debit card in the app or by phone: the card is blocked at once, and a replacement "
                "arrives in 5 to 7 days.",
        "side": ["You are not liable for payments made after you report the card lost.",
                 "Recurring payments must be updated with the new card number."],
        "facts": ["Reporting it in the app or by phone blocks the card at once.",
                  "A replacement card arrives in 5 to 7 days."],
        "claims": ["Report the loss in the app or by phone and the card is blocked right away.",
                   "A new card will reach you in 5 to 7 days."],
        "added": "The replacement card arrives the next day."}, "es": {
        "question": "¿Qué hago si pierdo mi tarjeta de débito?",
        "main": "Reporta la pérdida de la tarjeta de débito en la aplicación o por teléfono: la tarjeta se bloquea "
                "de inmediato y la reposición llega en 5 a 7 días.",
        "side": ["No respondes por los pagos hechos después de reportar la pérdida de la tarjeta.",
                 "Los pagos recurrentes deben actualizarse con el número de la tarjeta nueva."],
        "facts": ["Reportarla en la aplicación o por teléfono bloquea la tarjeta de inmediato.",
                  "La tarjeta de reposición llega en 5 a 7 días."],
        "claims": ["Reporta la pérdida en la aplicación o por teléfono y la tarjeta se bloquea enseguida.",
                   "La tarjeta nueva te llegará en 5 a 7 días."],
        "added": "La tarjeta de reposición llega al día siguiente."}},
    {"id": "banking-transfer-limit", "domain": "banking", "en": {
        "question": "How much can I transfer per day from the app?",
        "main": "App transfers are limited to $5,000 per day; calling the bank raises the limit for one day.",
        "side": ["A transfer to a new recipient is held for 24 hours the first time.",
                 "International transfers have their own limit, shown in the app."],
        "facts": ["The daily limit for app transfers is $5,000.", "Calling the bank raises the limit for one day."],
        "claims": ["You can transfer up to $5,000 a day from the app.",
                   "A call to the bank raises the limit for a day."],
        "added": "The limit resets every Monday."}, "es": {
        "question": "¿Cuánto puedo transferir por día desde la aplicación?",
        "main": "Las transferencias desde la aplicación tienen un límite de $5.000 por día; llamar al banco sube el "
                "límite por un día.",
        "side": ["La primera transferencia a un destinatario nuevo queda retenida 24 horas.",
                 "Las transferencias internacionales tienen su propio límite, que se ve en la aplicación."],
        "facts": ["El límite diario de las transferencias desde la aplicación es de $5.000.",
                  "Llamar al banco sube el límite por un día."],
        "claims": ["Puedes transferir hasta $5.000 por día desde la aplicación.",
                   "Una llamada al banco sube el límite por un día."],
        "added": "El límite se reinicia cada lunes."}},
    {"id": "banking-overdraft", "domain": "banking", "en": {
        "question": "Is there a fee if my account goes overdrawn?",
        "main": "An overdraft costs $15 per day, and no fee is charged if the balance is restored the same day.",
        "side": ["The app sends an alert when your balance goes below zero.",
                 "Overdraft protection can link a savings account to cover a shortfall."],
        "facts": ["An overdraft costs $15 per day.", "There is no fee if the balance is restored the same day."],
        "claims": ["Being overdrawn costs $15 per day.",
                   "You pay nothing if you restore the balance the same day."],
        "added": "Overdraft fees are waived for students."}, "es": {
        "question": "¿Hay un cargo si mi cuenta queda en sobregiro?",
        "main": "Un sobregiro cuesta $15 por día, y no se cobra nada si el saldo se repone el mismo día.",
        "side": ["La aplicación envía un aviso cuando tu saldo queda por debajo de cero.",
                 "La protección contra sobregiros puede vincular una cuenta de ahorros para cubrir el faltante."],
        "facts": ["Un sobregiro cuesta $15 por día.", "No hay cargo si el saldo se repone el mismo día."],
        "claims": ["Estar en sobregiro cuesta $15 por día.",
                   "No pagas nada si repones el saldo el mismo día."],
        "added": "Los estudiantes no pagan cargos por sobregiro."}},
    {"id": "telecom-roaming", "domain": "telecom", "en": {
        "question": "Can I use my mobile data abroad?",
        "main": "Roaming is included in 40 countries; elsewhere, data costs $10 per day.",
        "side": ["Switch roaming on in the phone's settings before you travel.",
                 "The coverage map lists the 40 included countries."],
        "facts": ["Roaming is included in 40 countries.", "Elsewhere, data costs $10 per day."],
        "claims": ["Your plan includes roaming in 40 countries.",
                   "In other countries, data costs $10 a day."],
        "added": "Calls abroad are included too."}, "es": {
        "question": "¿Puedo usar mis datos móviles en el extranjero?",
        "main": "El roaming está incluido en 40 países; en los demás, los datos cuestan $10 por día.",
        "side": ["Activa el roaming en la configuración del teléfono antes de viajar.",
                 "El mapa de cobertura muestra los 40 países incluidos."],
        "facts": ["El roaming está incluido en 40 países.", "En los demás países, los datos cuestan $10 por día."],
        "claims": ["Tu plan incluye roaming en 40 países.",
                   "En otros países, los datos cuestan $10 por día."],
        "added": "Las llamadas en el extranjero también están incluidas."}},
    {"id": "telecom-cancel", "domain": "telecom", "en": {
        "question": "How do I cancel my phone contract?",
        "main": "You can cancel in your account with 30 days' notice; cancelling before the minimum term ends has "
                "a fee.",
        "side": ["Ask for a transfer code before cancelling to keep your number.",
                 "Leased equipment must be returned within 14 days of cancelling."],
        "facts": ["Cancelling needs 30 days' notice.", "Cancelling before the minimum term ends has a fee."],
        "claims": ["You can cancel in your account by giving 30 days' notice.",
                   "There is a fee if you cancel before the minimum term ends."],
        "added": "You can cancel by replying to any bill."}, "es": {
        "question": "¿Cómo cancelo mi contrato de telefonía?",
        "main": "Puedes cancelar en tu cuenta con 30 días de aviso; cancelar antes de que termine el plazo mínimo "
                "tiene un cargo.",
        "side": ["Pide un código de portabilidad antes de cancelar para conservar tu número.",
                 "Los equipos en comodato deben devolverse dentro de los 14 días siguientes a la cancelación."],
        "facts": ["Cancelar requiere 30 días de aviso.", "Cancelar antes de que termine el plazo mínimo tiene un "
                                                          "cargo."],
        "claims": ["Puedes cancelar en tu cuenta con 30 días de aviso.",
                   "Hay un cargo si cancelas antes de que termine el plazo mínimo."],
        "added": "Puedes cancelar respondiendo a cualquier factura."}},
    {"id": "telecom-slow-internet", "domain": "telecom", "en": {
        "question": "What can I do if my home internet is slow?",
        "main": "Restart the router and test the speed over a cable; if it stays below half of your plan's speed, "
                "a technician visit is free.",
        "side": ["Outages in your area are shown on the service status page.",
                 "Moving the router away from walls and appliances improves the Wi-Fi signal."],
        "facts": ["First restart the router and test the speed over a cable.",
                  "A technician visit is free if the speed stays below half of the plan's."],
        "claims": ["Restart the router and measure the speed with a cable.",
                   "If it stays below half your plan's speed, a technician comes for free."],
        "added": "Upgrading your plan always fixes a slow connection."}, "es": {
        "question": "¿Qué puedo hacer si mi internet en casa está lento?",
        "main": "Reinicia el router y mide la velocidad con un cable; si sigue por debajo de la mitad de la "
                "velocidad de tu plan, la visita técnica es gratis.",
        "side": ["Las fallas del servicio en tu zona se muestran en la página de estado.",
                 "Alejar el router de paredes y electrodomésticos mejora la señal wifi."],
        "facts": ["Primero reinicia el router y mide la velocidad con un cable.",
                  "La visita técnica es gratis si la velocidad sigue por debajo de la mitad de la del plan."],
        "claims": ["Reinicia el router y mide la velocidad con un cable.",
                   "Si sigue por debajo de la mitad de la velocidad de tu plan, un técnico va gratis."],
        "added": "Cambiar a un plan mejor siempre arregla una conexión lenta."}},
    # Cases 11 to 20 (added for issue 36): a clear verdict needs enough cases that change side.
    {"id": "retail-gift-card", "domain": "retail", "en": {
        "question": "Do gift cards expire?",
        "main": "Gift cards never expire, and they can be used both online and in our stores.",
        "side": ["You can check a gift card's balance on the website or at any till.",
                 "Gift cards cannot be exchanged for cash or used to buy other gift cards."],
        "facts": ["Gift cards never expire.", "Gift cards can be used online and in stores."],
        "claims": ["Your gift card never expires.", "You can use it online or in any of our stores."],
        "added": "You can also top up the gift card at the till."}, "es": {
        "question": "¿Las tarjetas de regalo vencen?",
        "main": "Las tarjetas de regalo no vencen nunca, y se pueden usar tanto en línea como en nuestras tiendas.",
        "side": ["Puedes consultar el saldo de una tarjeta de regalo en el sitio web o en cualquier caja.",
                 "Las tarjetas de regalo no se pueden cambiar por dinero ni usar para comprar otras tarjetas de "
                 "regalo."],
        "facts": ["Las tarjetas de regalo no vencen nunca.",
                  "Las tarjetas de regalo se pueden usar en línea y en las tiendas."],
        "claims": ["Tu tarjeta de regalo no vence nunca.",
                   "Puedes usarla en línea o en cualquiera de nuestras tiendas."],
        "added": "También puedes recargar la tarjeta de regalo en la caja."}},
    {"id": "retail-change-address", "domain": "retail", "en": {
        "question": "Can I change the delivery address after I place an order?",
        "main": "The delivery address can be changed in your account until the order ships; after that, the courier "
                "can redirect the parcel for a $5 fee.",
        "side": ["Orders usually ship within one business day of being placed.",
                 "The courier's tracking page shows the delivery address on file."],
        "facts": ["The address can be changed in your account until the order ships.",
                  "After it ships, the courier can redirect the parcel for $5."],
        "claims": ["You can change the address in your account as long as the order has not shipped.",
                   "Once it has shipped, the courier can redirect it for a $5 fee."],
        "added": "You will get an email confirming the new address."}, "es": {
        "question": "¿Puedo cambiar la dirección de entrega después de hacer un pedido?",
        "main": "La dirección de entrega se puede cambiar en tu cuenta hasta que el pedido se envía; después, la "
                "empresa de mensajería puede desviar el paquete por un cargo de $5.",
        "side": ["Los pedidos suelen enviarse en el día hábil siguiente a la compra.",
                 "La página de seguimiento de la mensajería muestra la dirección de entrega registrada."],
        "facts": ["La dirección se puede cambiar en tu cuenta hasta que el pedido se envía.",
                  "Después del envío, la mensajería puede desviar el paquete por $5."],
        "claims": ["Puedes cambiar la dirección en tu cuenta mientras el pedido no se haya enviado.",
                   "Una vez enviado, la mensajería puede desviarlo por un cargo de $5."],
        "added": "Te llegará un correo que confirma la nueva dirección."}},
    {"id": "retail-damaged-item", "domain": "retail", "en": {
        "question": "What should I do if my order arrived damaged?",
        "main": "Report a damaged item within 48 hours of delivery, with a photo, and we send a replacement at no "
                "cost.",
        "side": ["Keep the original packaging until the claim is settled.",
                 "You can report the damage from the order's page in your account."],
        "facts": ["Damage must be reported within 48 hours of delivery, with a photo.",
                  "A replacement is sent at no cost."],
        "claims": ["Report the damage within 48 hours of delivery and include a photo.",
                   "We will send you a replacement at no cost."],
        "added": "A courier will pick up the damaged item for free."}, "es": {
        "question": "¿Qué hago si mi pedido llegó dañado?",
        "main": "Reporta un artículo dañado dentro de las 48 horas siguientes a la entrega, con una foto, y te "
                "enviamos un reemplazo sin costo.",
        "side": ["Conserva el empaque original hasta que se resuelva el reclamo.",
                 "Puedes reportar el daño desde la página del pedido en tu cuenta."],
        "facts": ["El daño se debe reportar dentro de las 48 horas siguientes a la entrega, con una foto.",
                  "Se envía un reemplazo sin costo."],
        "claims": ["Reporta el daño dentro de las 48 horas siguientes a la entrega e incluye una foto.",
                   "Te enviaremos un reemplazo sin costo."],
        "added": "Una empresa de mensajería recogerá gratis el artículo dañado."}},
    {"id": "retail-loyalty-points", "domain": "retail", "en": {
        "question": "How do loyalty points work?",
        "main": "You earn one point for every dollar you spend, and every 100 points give a $5 discount on your "
                "next purchase.",
        "side": ["Points appear in your account within 48 hours of a purchase.",
                 "Points earned on an item you return are taken off your balance."],
        "facts": ["One point is earned per dollar spent.", "Every 100 points give a $5 discount."],
        "claims": ["You earn one point for each dollar you spend.",
                   "Every 100 points take $5 off your next purchase."],
        "added": "Points are doubled in your birthday month."}, "es": {
        "question": "¿Cómo funcionan los puntos de fidelidad?",
        "main": "Ganas un punto por cada dólar que gastas, y cada 100 puntos dan un descuento de $5 en tu próxima "
                "compra.",
        "side": ["Los puntos aparecen en tu cuenta dentro de las 48 horas siguientes a una compra.",
                 "Los puntos ganados con un artículo que devuelves se descuentan de tu saldo."],
        "facts": ["Se gana un punto por cada dólar gastado.", "Cada 100 puntos dan un descuento de $5."],
        "claims": ["Ganas un punto por cada dólar que gastas.",
                   "Cada 100 puntos te descuentan $5 en tu próxima compra."],
        "added": "Los puntos se duplican en el mes de tu cumpleaños."}},
    {"id": "banking-card-abroad", "domain": "banking", "en": {
        "question": "Can I pay with my debit card abroad?",
        "main": "Your debit card works abroad wherever its card network is accepted, and purchases in another "
                "currency carry a 3% fee.",
        "side": ["Tell the bank about your trip in the app so that payments abroad are not blocked.",
                 "The exchange rate is the card network's rate on the day the payment is processed."],
        "facts": ["The debit card works abroad wherever its card network is accepted.",
                  "Purchases in another currency carry a 3% fee."],
        "claims": ["Yes, your debit card works abroad wherever its network is accepted.",
                   "Purchases in another currency have a 3% fee."],
        "added": "Cash withdrawals abroad are free at partner banks."}, "es": {
        "question": "¿Puedo pagar con mi tarjeta de débito en el extranjero?",
        "main": "Tu tarjeta de débito funciona en el extranjero donde se acepte la red de la tarjeta, y las compras "
                "en otra moneda tienen un cargo del 3 %.",
        "side": ["Avisa al banco de tu viaje en la aplicación para que no se bloqueen los pagos en el extranjero.",
                 "El tipo de cambio es el de la red de la tarjeta el día en que se procesa el pago."],
        "facts": ["La tarjeta de débito funciona en el extranjero donde se acepte la red de la tarjeta.",
                  "Las compras en otra moneda tienen un cargo del 3 %."],
        "claims": ["Sí, tu tarjeta de débito funciona en el extranjero donde se acepte su red.",
                   "Las compras en otra moneda tienen un cargo del 3 %."],
        "added": "Los retiros de efectivo en el extranjero son gratis en los bancos asociados."}},
    {"id": "banking-statements", "domain": "banking", "en": {
        "question": "How can I get a statement of my account?",
        "main": "Monthly statements for the last 24 months can be downloaded in the app, and older ones can be "
                "requested at a branch.",
        "side": ["Each month's statement is ready as a PDF file on the third day of the next month.",
                 "You can switch to paperless statements in the app's settings."],
        "facts": ["Statements for the last 24 months can be downloaded in the app.",
                  "Older statements can be requested at a branch."],
        "claims": ["You can download your monthly statements for the last 24 months in the app.",
                   "For older statements, ask at a branch."],
        "added": "A branch can also print a statement for you on the spot."}, "es": {
        "question": "¿Cómo obtengo un extracto de mi cuenta?",
        "main": "Los extractos mensuales de los últimos 24 meses se pueden descargar en la aplicación, y los más "
                "antiguos se pueden pedir en una sucursal.",
        "side": ["El extracto de cada mes está disponible en PDF el tercer día del mes siguiente.",
                 "Puedes pasarte a los extractos sin papel en la configuración de la aplicación."],
        "facts": ["Los extractos de los últimos 24 meses se pueden descargar en la aplicación.",
                  "Los extractos más antiguos se pueden pedir en una sucursal."],
        "claims": ["Puedes descargar tus extractos mensuales de los últimos 24 meses en la aplicación.",
                   "Los extractos más antiguos, pídelos en una sucursal."],
        "added": "En una sucursal también te pueden imprimir un extracto en el momento."}},
    {"id": "banking-savings-interest", "domain": "banking", "en": {
        "question": "How much interest does the savings account pay?",
        "main": "The savings account pays 2% a year, and the interest is paid into it on the first day of each "
                "month.",
        "side": ["Interest is worked out on the balance at the end of each day.",
                 "There is no minimum balance to earn interest."],
        "facts": ["The savings account pays 2% a year.", "Interest is paid on the first day of each month."],
        "claims": ["Your savings account pays 2% interest a year.",
                   "The interest is paid into the account on the first day of every month."],
        "added": "The rate is guaranteed for the next five years."}, "es": {
        "question": "¿Cuánto interés paga la cuenta de ahorros?",
        "main": "La cuenta de ahorros paga un 2 % anual, y los intereses se abonan el primer día de cada mes.",
        "side": ["Los intereses se calculan sobre el saldo al final de cada día.",
                 "No hay saldo mínimo para ganar intereses."],
        "facts": ["La cuenta de ahorros paga un 2 % anual.", "Los intereses se abonan el primer día de cada mes."],
        "claims": ["Tu cuenta de ahorros paga un 2 % de interés anual.",
                   "Los intereses se depositan en la cuenta el primer día de cada mes."],
        "added": "La tasa está garantizada por los próximos cinco años."}},
    {"id": "telecom-data-runs-out", "domain": "telecom", "en": {
        "question": "What happens when I run out of mobile data?",
        "main": "When your data runs out, the speed drops to 128 kbps until the next billing cycle, and a 5 GB "
                "top-up costs $10.",
        "side": ["You get a text message when 80% of your data is used.",
                 "Top-up data you do not use is not carried over to the next cycle."],
        "facts": ["The speed drops to 128 kbps until the next billing cycle.", "A 5 GB top-up costs $10."],
        "claims": ["Your speed drops to 128 kbps until your next billing cycle.", "You can add 5 GB for $10."],
        "added": "Calls and text messages are not affected."}, "es": {
        "question": "¿Qué pasa cuando se me acaban los datos móviles?",
        "main": "Cuando se acaban tus datos, la velocidad baja a 128 kbps hasta el siguiente ciclo de facturación, y "
                "una recarga de 5 GB cuesta $10.",
        "side": ["Te llega un mensaje de texto cuando usaste el 80 % de tus datos.",
                 "Los datos de una recarga que no uses no pasan al ciclo siguiente."],
        "facts": ["La velocidad baja a 128 kbps hasta el siguiente ciclo de facturación.",
                  "Una recarga de 5 GB cuesta $10."],
        "claims": ["Tu velocidad baja a 128 kbps hasta tu siguiente ciclo de facturación.",
                   "Puedes agregar 5 GB por $10."],
        "added": "Las llamadas y los mensajes de texto no se ven afectados."}},
    {"id": "telecom-new-sim", "domain": "telecom", "en": {
        "question": "How do I get a new SIM card?",
        "main": "A replacement SIM is free at any of our stores, and your number is moved to it within one hour.",
        "side": ["Bring an identity document to the store to get a replacement SIM.",
                 "Instead of a physical card, you can set up an eSIM from the app."],
        "facts": ["A replacement SIM is free at any store.", "The number is moved to the new SIM within one hour."],
        "claims": ["You can get a replacement SIM for free at any of our stores.",
                   "Your number will work on it within an hour."],
        "added": "The new SIM can also be sent to your home."}, "es": {
        "question": "¿Cómo consigo una tarjeta SIM nueva?",
        "main": "La SIM de reemplazo es gratis en cualquiera de nuestras tiendas, y tu número pasa a ella en menos "
                "de una hora.",
        "side": ["Lleva un documento de identidad a la tienda para obtener la SIM de reemplazo.",
                 "En lugar de una tarjeta física, puedes configurar una eSIM desde la aplicación."],
        "facts": ["La SIM de reemplazo es gratis en cualquier tienda.",
                  "El número pasa a la SIM nueva en menos de una hora."],
        "claims": ["Puedes conseguir una SIM de reemplazo gratis en cualquiera de nuestras tiendas.",
                   "Tu número funcionará en ella en menos de una hora."],
        "added": "También te pueden enviar la SIM nueva a tu casa."}},
    {"id": "telecom-bill-date", "domain": "telecom", "en": {
        "question": "Can I change the date my bill is due?",
        "main": "You can move your bill's due date once every 12 months in your account, and the first bill after "
                "the change is prorated.",
        "side": ["Automatic payments follow the new due date.",
                 "The due date can be any day from the 1st to the 28th of the month."],
        "facts": ["The due date can be changed in your account once every 12 months.",
                  "The first bill after the change is prorated."],
        "claims": ["Yes, you can change the due date in your account once every 12 months.",
                   "Your first bill after the change will be prorated."],
        "added": "Changing the due date has no fee."}, "es": {
        "question": "¿Puedo cambiar la fecha de vencimiento de mi factura?",
        "main": "Puedes cambiar la fecha de vencimiento de tu factura una vez cada 12 meses en tu cuenta, y la "
                "primera factura después del cambio se prorratea.",
        "side": ["Los pagos automáticos siguen la nueva fecha de vencimiento.",
                 "La fecha de vencimiento puede ser cualquier día del 1 al 28 del mes."],
        "facts": ["La fecha de vencimiento se puede cambiar en tu cuenta una vez cada 12 meses.",
                  "La primera factura después del cambio se prorratea."],
        "claims": ["Sí, puedes cambiar la fecha de vencimiento en tu cuenta una vez cada 12 meses.",
                   "Tu primera factura después del cambio será prorrateada."],
        "added": "Cambiar la fecha de vencimiento no tiene cargo."}},
]

# The plan (case numbers from 0; the docstring counts from 1): see the module docstring.
A_POOR_RETRIEVAL = frozenset({*range(7), 10, 14, 17})
B_TWO_RELEVANT = frozenset({9})
B_ADDS_CLAIM = frozenset({*range(6), 11, 15, 18})
B_ADDED_WRONG = frozenset({4, 5})
A_OMITS_SECOND = frozenset({3, 12, 16, 19})
B_OMITS_SECOND = frozenset({8, 10, 13, 17})
# Off-topic passages come from the same block of ten cases, so the first ten are as they were written before
# cases 11 to 20 were added.
BLOCK = 10
NAMES = {"a": {"en": "System A (English)", "es": "Sistema A (español)"},
         "b": {"en": "System B (English)", "es": "Sistema B (español)"}}


def _off_topic(i: int, language: str, k: int) -> str:
    """Another case's main passage (of the same block of ten): retrieved for this question, about another one."""
    start = i - i % BLOCK
    return CASES[start + (i - start + 3 * k) % BLOCK][language]["main"]


def _case(i: int, system: str, language: str) -> dict:
    spec, texts = CASES[i], CASES[i][language]
    if system == "a":
        others = [(_off_topic(i, language, 1), False), (_off_topic(i, language, 2), False)]
        rest = others if i in A_POOR_RETRIEVAL else [(texts["side"][0], True), others[0]]
        passages = [(texts["main"], True), *rest]
        omits, added = i in A_OMITS_SECOND, None
    else:
        passages = [(texts["main"], True), (texts["side"][0], True)] + (
            [(_off_topic(i, language, 1), False)] if i in B_TWO_RELEVANT else [(texts["side"][1], True)])
        omits = i in B_OMITS_SECOND
        added = (texts["added"], i not in B_ADDED_WRONG) if i in B_ADDS_CLAIM else None
    claims = [(texts["claims"][0], True, True)] + ([] if omits else [(texts["claims"][1], True, True)])
    if added:
        claims.append((added[0], False, added[1]))  # no retrieved passage states it
    covered = [True, not omits]
    return {
        "id": spec["id"],
        "question": texts["question"],
        "passages": [{"id": f"p{k + 1}", "text": text, "relevant": relevant}
                     for k, (text, relevant) in enumerate(passages)],
        "answer": " ".join(text for text, _, _ in claims),
        "claims": [{"id": f"c{k + 1}", "text": text, "supported": supported, "correct": correct}
                   for k, (text, supported, correct) in enumerate(claims)],
        "reference_facts": [{"id": f"f{k + 1}", "text": text, "covered": covered[k]}
                            for k, text in enumerate(texts["facts"])],
        "metadata": {"language": language, "domain": spec["domain"], "split": "test", "source": "synthetic",
                     "system": system.upper()},
    }


def build(system: str, language: str) -> str:
    data = {"name": NAMES[system][language], "cases": [_case(i, system, language) for i in range(len(CASES))]}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _path(system: str, language: str) -> Path:
    return OUT / language / f"system_{system}.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare the files on disk with what would be written")
    args = parser.parse_args()
    stale = []
    for language in LANGUAGES:
        for system in "ab":
            text, path = build(system, language), _path(system, language)
            if args.check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    stale.append(str(path.relative_to(ROOT)))
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if args.check:
        print("stale: " + ", ".join(stale) if stale else "the built-in pair is up to date")
        return 1 if stale else 0
    for language in LANGUAGES:
        a, b = (RagDataset(tuple(case_from_dict(c, f"cases[{i}]")
                                 for i, c in enumerate(json.loads(build(s, language))["cases"])))
                for s in "ab")
        result = compare_systems(a, b, stratum="domain")
        for name, d in result.dimensions.items():
            p, v = d.paired, d.verdict
            print(f"{language} {name:18} A {d.pooled_a.value:.3f} B {d.pooled_b.value:.3f} | both {p.both} "
                  f"only_a {p.only_a} only_b {p.only_b} neither {p.neither} | B-A {p.difference:+.2f} "
                  f"[{p.low:+.3f}, {p.high:+.3f}] p={p.p_value:.4f} Holm {v.adjusted_p:.4f} | discordant "
                  f"{v.discordant} of {v.needed} needed | boot {d.bootstrap.low} {d.bootstrap.high} | "
                  f"{v.code} | pairs needed {d.sample_size.pairs_needed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
