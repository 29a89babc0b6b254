// Google Tag Manager's start-up, loaded by components/analytics/tag-manager.tsx with the container id in data-gtm-id.
(function () {
  var self = document.currentScript;
  var id = self && self.getAttribute('data-gtm-id');
  if (!id) return;
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  var s = document.createElement('script');
  s.async = true;
  s.src = 'https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(id);
  document.head.appendChild(s);
})();
