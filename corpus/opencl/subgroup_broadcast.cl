//pass
//--local_size=64 --num_groups=16
// expect: drf — sub_group_broadcast is reached by every work-item of every sub-group, and out[gid] has one writer
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  int gid = get_global_id(0);
  float x = in[gid];
  float lead = 0.0f;
  lead = sub_group_broadcast(x, 0);
  out[gid] = x * lead;
}
