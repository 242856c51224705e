#pragma once
// A communicator that forwards to another and adds up the wall time spent in it: the
// allgathers and, for exchanges, posting plus waiting. That is the communication share of a
// distributed solve (waiting for a slower rank included), as the VPBi-CGSTAB paper's Fig. 2
// reports it.
#include <chrono>
#include <memory>
#include <utility>
#include <vector>

#include "parallel/communicator.hpp"

namespace kamp::parallel {

class timed_communicator final : public communicator {
 public:
  explicit timed_communicator(std::shared_ptr<const communicator> inner) : inner_(std::move(inner)) {}
  int rank() const override { return inner_->rank(); }
  int size() const override { return inner_->size(); }
  void allgather(const void* mine, void* all, std::size_t bytes) const override {
    const auto start = clock::now();
    inner_->allgather(mine, all, bytes);
    *seconds_ += elapsed(start);
  }
  std::unique_ptr<pending_exchange> start_exchange(const std::vector<message>& sends,
                                                   const std::vector<message>& receives) const override {
    const auto start = clock::now();
    auto pending = std::make_unique<timed_pending>(inner_->start_exchange(sends, receives), seconds_);
    *seconds_ += elapsed(start);
    return pending;
  }
  double seconds() const { return *seconds_; }
  void reset() const { *seconds_ = 0; }

 private:
  using clock = std::chrono::steady_clock;
  static double elapsed(clock::time_point start) { return std::chrono::duration<double>(clock::now() - start).count(); }
  class timed_pending final : public pending_exchange {
   public:
    timed_pending(std::unique_ptr<pending_exchange> inner, std::shared_ptr<double> seconds)
        : inner_(std::move(inner)), seconds_(std::move(seconds)) {}
    void wait() override {
      const auto start = clock::now();
      inner_->wait();
      *seconds_ += elapsed(start);
    }

   private:
    std::unique_ptr<pending_exchange> inner_;
    std::shared_ptr<double> seconds_;
  };

  std::shared_ptr<const communicator> inner_;
  std::shared_ptr<double> seconds_ = std::make_shared<double>(0);
};

}  // namespace kamp::parallel
