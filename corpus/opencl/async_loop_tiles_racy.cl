//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — without the end-of-iteration barrier, the copy into tile for tile t + 1 can write tile[63 - lid] while a slower work-item still reads it for tile t
__kernel void k(__global const float *in, __global float *out, int ntiles)
{
  __requires(ntiles == 8);
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);
  float acc = 0.0f;

  for (int t = 0; t < ntiles; t++) {
    event_t e = async_work_group_copy(tile, in + (grp * ntiles + t) * 64, 64, 0);
    wait_group_events(1, &e);
    acc += tile[63 - lid];
  }
  out[grp * 64 + lid] = acc;
}
