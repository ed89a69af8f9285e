//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — sub_group_broadcast is under get_sub_group_local_id() == 0, so the other lanes of a sub-group (of two or more work-items) skip the collective
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  int gid = get_global_id(0);
  float x = in[gid];
  float lead = 0.0f;
  if (get_sub_group_local_id() == 0)
    lead = sub_group_broadcast(x, 0);
  out[gid] = x * lead;
}
