// SPDX-License-Identifier: GPL-3.0-or-later
//
// The startup benchmark's plain C baseline: the window `cardstack --bare` shows (a header bar with a title and a
// menu button, a paragraph of text, the main window's size), written as any C libadwaita app would write it, so
// the benchmark sees what the Swift binary pays before GTK starts (its runtime, its libraries) as well as what
// the deck page adds. Prints "cardstack-bare-window: first frame" on stderr after the first paint.

#include <adwaita.h>
#include <stdio.h>

// The same text as the in-binary bare window (BareWindow.swift).
static const char *paragraph =
    "Sort cards into piles by swiping them left, right, up or down. Every decision is kept on "
    "disk, can be undone, and is there again the next time the deck is opened.";

static void
after_paint (GdkFrameClock *clock, gpointer user_data)
{
  (void) user_data;
  fprintf (stderr, "cardstack-bare-window: first frame\n");
  fflush (stderr);
  g_signal_handlers_disconnect_by_func (clock, after_paint, NULL);
}

// The frame clock exists once the window is realized: connect to its first paint then.
static void
realized (GtkWidget *window, gpointer user_data)
{
  (void) user_data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
}

static void
activate (GtkApplication *application, gpointer user_data)
{
  (void) user_data;
  GtkWidget *window = adw_application_window_new (application);
  // The main window's default size (MainWindow.defaultWidth × defaultHeight).
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 720);

  GtkWidget *header = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new ("CardStack", NULL));
  GMenu *menu = g_menu_new ();
  g_menu_append (menu, "_About CardStack", "app.about");
  g_menu_append (menu, "_Quit", "app.quit");
  GtkWidget *menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  g_object_unref (menu);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu_button);

  GtkWidget *label = gtk_label_new (paragraph);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_widget_set_vexpand (label, TRUE);
  gtk_widget_set_margin_start (label, 24);
  gtk_widget_set_margin_end (label, 24);

  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), content);
  g_signal_connect (window, "realize", G_CALLBACK (realized), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  // Its own id, and never unique: a running CardStack must not be asked to open a window instead.
  AdwApplication *application = adw_application_new ("io.github.cardstack.CardStack.BareWindow", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (application), argc, argv);
  g_object_unref (application);
  return status;
}
