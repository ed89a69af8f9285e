//pass
//--local_size=64 --num_groups=16
// expect: drf — both copies (into ta and tb) are waited for before any work-item reads either buffer
__kernel void k(__global const float *a, __global const float *b, __global float *out)
{
  __local float ta[64];
  __local float tb[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t ev[2];
  ev[0] = async_work_group_copy(ta, a + grp * 64, 64, 0);
  ev[1] = async_work_group_copy(tb, b + grp * 64, 64, 0);
  wait_group_events(2, ev);
  out[grp * 64 + lid] = ta[lid] * tb[63 - lid];
}
