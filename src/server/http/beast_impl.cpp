// The compiled part of Boost.Asio and Boost.Beast, once for the whole program
// (BOOST_ASIO_SEPARATE_COMPILATION, BOOST_BEAST_SEPARATE_COMPILATION): the other files that use
// them include only their declarations and compile much faster.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
