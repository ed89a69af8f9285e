//pass
//--local_size=64 --num_groups=16
// expect: drf — the work-group copy into tile completes at wait_group_events before any work-item reads tile, and out[grp * 64 + lid] has one writer
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e = async_work_group_copy(tile, in + grp * 64, 64, 0);
  wait_group_events(1, &e);
  out[grp * 64 + lid] = 2.0f * tile[(lid + 1) % 64];
}
