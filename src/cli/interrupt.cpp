#include "cli/interrupt.hpp"

#include <signal.h>

namespace pith::cli {
namespace {

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
  g_stop.store(true);
}

}  // namespace

struct SignalGuard::Saved {
  struct sigaction previous_int {};
  struct sigaction previous_pipe {};
};

SignalGuard::SignalGuard() : saved_(new Saved) {
  g_interrupted = false;
  g_stop = false;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &saved_->previous_int);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, &saved_->previous_pipe);
}

SignalGuard::~SignalGuard() {
  sigaction(SIGINT, &saved_->previous_int, nullptr);
  sigaction(SIGPIPE, &saved_->previous_pipe, nullptr);
  delete saved_;
}

}  // namespace pith::cli
